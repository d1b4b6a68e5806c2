import { createHash } from "node:crypto";
import { buildResources } from "../../common/i18n/build-resources";
import type { Messages } from "../../common/i18n/catalog";
import { catalogsFor } from "../../common/i18n/catalogs";
import type { Locale } from "../../common/locales";
import { catalogAt, rememberCatalog } from "./catalog-store";

/*
 * Decision 161: the active language's catalog (en-US fallbacks and the tenant's strings merged in, ~80 KB of JSON) is
 * one file per content, /i18n/<locale>.<hash>.json, cached by the browser for a year, instead of a string in every
 * page's loader data. The page names the file; the browser fetches it once per language and tenant strings.
 */

export interface CatalogFile {
  href: string;
  json: string;
  messages: Messages;
}

type Strings = Parameters<typeof buildResources>[2];

// Merging is the same work for every request of a tenant and language: kept until the tenant's configuration object
// is replaced (the tenant resolver refreshes it every few seconds); the same content keeps the same address.
const byStrings = new WeakMap<object, Map<Locale, CatalogFile>>();
const byHref = new Map<string, CatalogFile>();
const MAX_FILES = 256;

export function catalogFile(locale: Locale, strings: Strings): CatalogFile {
  let byLocale = byStrings.get(strings);
  if (!byLocale) {
    byLocale = new Map();
    byStrings.set(strings, byLocale);
  }
  const known = byLocale.get(locale);
  if (known) {
    // The server's render reads the catalog by its address, the same way the browser does after fetching it.
    if (!catalogAt(known.href)) rememberCatalog(known.href, known.messages);
    return known;
  }
  const messages = buildResources(locale, catalogsFor(locale), strings);
  const json = JSON.stringify(messages);
  const hash = createHash("sha256").update(json).digest("hex").slice(0, 16);
  const href = `/i18n/${locale}.${hash}.json`;
  const file = byHref.get(href) ?? { href, json, messages };
  if (!byHref.has(href)) {
    if (byHref.size >= MAX_FILES) byHref.clear();
    byHref.set(href, file);
  }
  rememberCatalog(href, file.messages);
  byLocale.set(locale, file);
  return file;
}

/** The file at this address, when this process built it. */
export function catalogFileAt(href: string): CatalogFile | undefined {
  return byHref.get(href);
}

/** "de.0123456789abcdef.json" → the locale and hash it names, or null. */
export function parseCatalogFileName(name: string): { locale: string; hash: string } | null {
  const match = /^([A-Za-z]{2}(?:-[A-Za-z]{2,4})?)\.([0-9a-f]{16})\.json$/.exec(name);
  return match?.[1] && match[2] ? { locale: match[1], hash: match[2] } : null;
}
