import type { CatalogShape } from "./locales/en-US";

/** A nested message tree as i18next reads it. */
export interface Messages {
  [key: string]: string | Messages;
}

type PluralExtra = `${string}_${"zero" | "one" | "two" | "few" | "many" | "other"}`;

/** A translation: any subset of the en-US keys, plus the plural forms its language needs (ru "_few", he "_two"...). */
export type Catalog<T = CatalogShape> = {
  [K in keyof T]?: T[K] extends string ? string : Catalog<T[K]>;
} & { [extra: PluralExtra]: string };
