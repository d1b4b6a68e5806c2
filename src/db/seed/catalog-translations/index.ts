import type { PrefixedLocale } from "../../../common/locales";
import { de } from "./de";
import { es } from "./es";
import { fr } from "./fr";
import { he } from "./he";
import { hi } from "./hi";
import { it } from "./it";
import { ja } from "./ja";
import { ko } from "./ko";
import { nl } from "./nl";
import { pt } from "./pt";
import { ru } from "./ru";
import { tr } from "./tr";
import type { SeedCatalogTranslation } from "./types";
import { uk } from "./uk";
import { zh } from "./zh";

export const CATALOG_TRANSLATIONS: Record<PrefixedLocale, SeedCatalogTranslation> = {
  de,
  es,
  fr,
  he,
  hi,
  it,
  ja,
  ko,
  nl,
  pt,
  ru,
  tr,
  uk,
  zh,
};
