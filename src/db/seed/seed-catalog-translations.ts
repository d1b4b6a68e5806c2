import { PREFIXED_LOCALES, type PrefixedLocale } from "../../common/locales";
import {
  type TranslationRow,
  upsertCategoryTranslations,
  upsertCollectionTranslations,
} from "../../core/catalog/catalog-translations.queries";
import type { Db } from "../connection";
import { inTransaction } from "../executor";
import { CATALOG_TRANSLATIONS } from "./catalog-translations";

/**
 * Writes the demo catalog's category and collection names in the 14 other languages for one tenant: every category
 * and collection whose slug the translation files know. Tenant 2 (`acme`) keeps its own category descriptions.
 * Re-running replaces the rows, so a fixed translation reaches an existing database with `npm run seed`.
 */
export async function seedCatalogTranslations(db: Db, tenantId: string, opts: { acme?: boolean } = {}) {
  const [categories, collections] = await Promise.all([
    db.kysely.selectFrom("categories").select(["id", "slug"]).where("tenant_id", "=", tenantId).execute(),
    db.kysely.selectFrom("collections").select(["id", "slug"]).where("tenant_id", "=", tenantId).execute(),
  ]);
  const categoryRows: TranslationRow[] = [];
  const collectionRows: TranslationRow[] = [];
  for (const locale of PREFIXED_LOCALES) {
    const texts = CATALOG_TRANSLATIONS[locale as PrefixedLocale];
    for (const c of categories) {
      const entry = texts.categories[c.slug];
      if (entry === undefined) continue;
      const [name, description] = typeof entry === "string" ? [entry, null] : entry;
      categoryRows.push({
        id: c.id,
        locale,
        name,
        description: opts.acme ? (texts.acme[c.slug] ?? null) : description,
      });
    }
    for (const k of collections) {
      const entry = texts.collections[k.slug];
      if (entry) collectionRows.push({ id: k.id, locale, name: entry[0], description: entry[1] });
    }
  }
  await inTransaction(db, async (trx) => {
    await upsertCategoryTranslations(trx, tenantId, categoryRows);
    await upsertCollectionTranslations(trx, tenantId, collectionRows);
  });
  return { categories: categoryRows.length, collections: collectionRows.length };
}
