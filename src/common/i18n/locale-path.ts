import { DEFAULT_LOCALE, isLocale, isPrefixedLocale, LOCALES, type Locale } from "../locales";

/** "" for en-US (unprefixed), "/de" for German, and so on. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/** Splits a pathname into its locale (from a known prefix) and the path without the prefix ("/" at least). */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isPrefixedLocale(first)) return { locale: first, path: match?.[2] || "/" };
  return { locale: DEFAULT_LOCALE, path: pathname === "" ? "/" : pathname };
}

/** Puts an app path ("/hub", "/", "/page/about?x=1") under the locale's prefix. External URLs pass through. */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const prefix = localePrefix(locale);
  if (prefix === "") return path;
  if (path === "/") return prefix;
  if (path.startsWith("/?") || path.startsWith("/#")) return prefix + path.slice(1);
  return prefix + path;
}

/** The same page under another language: "/de/hub" → "/fr/hub", "/de" → "/" for en-US. */
export function switchLocalePath(pathname: string, target: Locale): string {
  return localizePath(splitLocalePath(pathname).path, target);
}

/**
 * Best supported locale for an Accept-Language header (q-values honoured, "pt-BR" → "pt", "en-GB" → "en-US").
 * Null when nothing matches.
 */
export function negotiateLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag !== "" && r.tag !== "*" && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split("-")[0] ?? "";
    if (primary === "en") return DEFAULT_LOCALE;
    // Old code for Hebrew that some browsers still send.
    if (primary === "iw") return "he";
    if (isPrefixedLocale(primary)) return primary;
  }
  return null;
}

/**
 * Spec section 4: language from the cookie, then the browser, detected only at the root "/".
 * Returns where "/" should redirect, or null to stay on the unprefixed (en-US) home.
 */
export function rootLocaleRedirect(cookieLocale: string | null, acceptLanguage: string | null): string | null {
  const chosen = cookieLocale && isLocale(cookieLocale) ? cookieLocale : negotiateLocale(acceptLanguage);
  if (!chosen || chosen === DEFAULT_LOCALE) return null;
  return localizePath("/", chosen);
}
