import type { Locale } from "../locales";
import type { Messages } from "./catalog";

const PLURAL_SUFFIXES = ["zero", "one", "two", "few", "many", "other"] as const;

function isMessages(value: unknown): value is Messages {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Deep merge of message trees; later trees win, and no input is modified. */
export function mergeMessages(...trees: Array<Messages | undefined>): Messages {
  const out: Messages = {};
  for (const tree of trees) {
    if (!tree) continue;
    for (const [key, value] of Object.entries(tree)) {
      const current = out[key];
      out[key] = isMessages(value) ? mergeMessages(isMessages(current) ? current : undefined, value) : value;
    }
  }
  return out;
}

/** Turns tenant custom strings ({"hub.heroTitle": "..."}) into a tree; keys that would clobber a section are skipped. */
export function overridesToMessages(strings: Record<string, string> | undefined): Messages {
  const out: Messages = {};
  if (!strings) return out;
  for (const [dotted, value] of Object.entries(strings)) {
    const parts = dotted.split(".").filter((p) => p !== "");
    const last = parts.pop();
    if (!last || typeof value !== "string") continue;
    let node: Messages | undefined = out;
    for (const part of parts) {
      const next: string | Messages | undefined = node[part];
      if (next === undefined) {
        const created: Messages = {};
        node[part] = created;
        node = created;
      } else if (isMessages(next)) {
        node = next;
      } else {
        node = undefined;
        break;
      }
    }
    if (node && !isMessages(node[last])) node[last] = value;
  }
  return out;
}

/**
 * Fills every plural category a browser might pick with the "_other" text of the same tree, so the server and a
 * browser with different CLDR data resolve the same string (no hydration mismatch, no raw keys).
 */
export function completePlurals(tree: Messages): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(tree)) out[key] = isMessages(value) ? completePlurals(value) : value;
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value !== "string" || !key.endsWith("_other")) continue;
    const base = key.slice(0, -"_other".length);
    for (const suffix of PLURAL_SUFFIXES) {
      const name = `${base}_${suffix}`;
      if (out[name] === undefined) out[name] = value;
    }
  }
  return out;
}

/**
 * The one message tree a page needs: en-US (the fallback), the tenant's en-US strings, the locale's catalog, then the
 * tenant's strings for that locale. This is the only catalog shipped to the browser.
 */
export function buildResources(
  locale: Locale,
  catalogs: { source: Messages; target: Messages | undefined },
  tenantStrings: Partial<Record<Locale, Record<string, string>>>,
): Messages {
  const english = mergeMessages(catalogs.source, overridesToMessages(tenantStrings["en-US"]));
  if (locale === "en-US") return completePlurals(english);
  // Plural variants of English must not shadow the target's own "_other" text in languages with other categories.
  const target = mergeMessages(catalogs.target, overridesToMessages(tenantStrings[locale]));
  return completePlurals(mergeMessages(dropPluralsCoveredBy(english, target), target));
}

/** Removes English plural forms of keys the target translates, so completePlurals fills them from the target. */
function dropPluralsCoveredBy(english: Messages, target: Messages): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(english)) {
    const targetValue = target[key];
    if (isMessages(value)) {
      out[key] = isMessages(targetValue) ? dropPluralsCoveredBy(value, targetValue) : value;
      continue;
    }
    const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
    if (plural && typeof target[`${plural[1]}_other`] === "string") continue;
    out[key] = value;
  }
  return out;
}

/** Reads a dotted key from a message tree, or undefined. */
export function lookupMessage(tree: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = tree;
  for (const part of key.split(".")) {
    if (!isMessages(node)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * i18next-style "{{name}}" interpolation for places outside React (route meta). Unknown keys return the key,
 * like i18next does.
 */
export function formatMessage(tree: Messages, key: string, values: Record<string, string | number> = {}): string {
  const template = lookupMessage(tree, key) ?? key;
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}
