/* Category and collection texts per interface language (migration 130-catalog-translations, decision 130). */

export interface CategoryTranslationsTable {
  category_id: string;
  /** A prefixed locale of src/common/locales.ts ("de", "he"...); en-US is the base row itself. */
  locale: string;
  tenant_id: string;
  name: string;
  /** Null: the base (en-US) description shows. */
  description: string | null;
}

export interface CollectionTranslationsTable {
  collection_id: string;
  locale: string;
  tenant_id: string;
  name: string;
  description: string | null;
}

export type CatalogTranslationsTables = {
  category_translations: CategoryTranslationsTable;
  collection_translations: CollectionTranslationsTable;
};
