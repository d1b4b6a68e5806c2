import { PREFIXED_LOCALES, type PrefixedLocale } from "../../common/locales";
import { DEFAULT_TENANT_ID } from "../../common/tenant-config";
import {
  type TranslationRow,
  upsertCategoryTranslations,
  upsertCollectionTranslations,
} from "../../core/catalog/catalog-translations.queries";
import type { Db } from "../connection";
import { inTransaction } from "../executor";
import { CATALOG_TRANSLATIONS } from "./catalog-translations";
import { ACME_TENANT_ID } from "./seed-acme-tenant";

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

/**
 * Databases seeded before migration 130 get the demo catalog's translations once, at start-up (PORTICO_SEED=auto):
 * for tenant 1 and the Acme tenant, when they exist and have no category translation yet. Returns the rows written.
 */
export async function ensureCatalogTranslations(db: Db): Promise<number> {
  let written = 0;
  for (const [tenantId, acme] of [
    [DEFAULT_TENANT_ID, false],
    [ACME_TENANT_ID, true],
  ] as const) {
    const tenant = await db.kysely.selectFrom("tenants").select("id").where("id", "=", tenantId).executeTakeFirst();
    if (!tenant) continue;
    const any = await db.kysely
      .selectFrom("category_translations")
      .select("category_id")
      .where("tenant_id", "=", tenantId)
      .limit(1)
      .executeTakeFirst();
    if (any) continue;
    const counts = await seedCatalogTranslations(db, tenantId, { acme });
    written += counts.categories + counts.collections;
  }
  return written;
}
