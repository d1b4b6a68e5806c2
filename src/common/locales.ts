/** The 15 interface languages of spec section 1; en-US is the default and fallback and has no path prefix. */
export const DEFAULT_LOCALE = "en-US";
export const PREFIXED_LOCALES = [
  "de",
  "es",
  "fr",
  "he",
  "hi",
  "it",
  "ja",
  "ko",
  "nl",
  "pt",
  "ru",
  "tr",
  "uk",
  "zh",
] as const;
export const LOCALES = [DEFAULT_LOCALE, ...PREFIXED_LOCALES] as const;
export type Locale = (typeof LOCALES)[number];
export type PrefixedLocale = (typeof PREFIXED_LOCALES)[number];
export const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(["he"]);

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

export function isPrefixedLocale(value: string): value is PrefixedLocale {
  return (PREFIXED_LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): "rtl" | "ltr" {
  return RTL_LOCALES.has(locale) ? "rtl" : "ltr";
}

/** Native names for the language dropdown. */
export const LOCALE_NAMES: Record<Locale, string> = {
  "en-US": "English",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  he: "עברית",
  hi: "हिन्दी",
  it: "Italiano",
  ja: "日本語",
  ko: "한국어",
  nl: "Nederlands",
  pt: "Português",
  ru: "Русский",
  tr: "Türkçe",
  uk: "Українська",
  zh: "中文",
};
