import type { Locale, PrefixedLocale } from "../locales";
import type { Catalog, Messages } from "./catalog";
import { de } from "./locales/de";
import { enUS } from "./locales/en-US";
import { es } from "./locales/es";
import { fr } from "./locales/fr";
import { he } from "./locales/he";
import { hi } from "./locales/hi";
import { it } from "./locales/it";
import { ja } from "./locales/ja";
import { ko } from "./locales/ko";
import { nl } from "./locales/nl";
import { pt } from "./locales/pt";
import { ru } from "./locales/ru";
import { tr } from "./locales/tr";
import { uk } from "./locales/uk";
import { zh } from "./locales/zh";

/** Every translation; server side only (the browser gets just the active locale's merged tree). */
export const TRANSLATIONS: Record<PrefixedLocale, Catalog> = { de, es, fr, he, hi, it, ja, ko, nl, pt, ru, tr, uk, zh };

export const SOURCE_CATALOG: Messages = enUS;

export function catalogsFor(locale: Locale): { source: Messages; target: Messages | undefined } {
  return { source: SOURCE_CATALOG, target: locale === "en-US" ? undefined : (TRANSLATIONS[locale] as Messages) };
}
