import type { Db, DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";

/* SQL of category and collection translations (migration 130). Every query takes the tenant id first. */

export function selectCategoryTranslations(db: Db, tenantId: string, locale: string) {
  return db.kysely
    .selectFrom("category_translations as t")
    .innerJoin("categories as c", (j) => j.onRef("c.id", "=", "t.category_id").onRef("c.tenant_id", "=", "t.tenant_id"))
    .select(["c.slug", "c.name as base_name", "t.name", "t.description"])
    .where("t.tenant_id", "=", tenantId)
    .where("t.locale", "=", locale)
    .execute();
}

export function selectCollectionTranslations(db: Db, tenantId: string, locale: string) {
  return db.kysely
    .selectFrom("collection_translations as t")
    .innerJoin("collections as k", (j) =>
      j.onRef("k.id", "=", "t.collection_id").onRef("k.tenant_id", "=", "t.tenant_id"),
    )
    .select(["k.slug", "t.name", "t.description"])
    .where("t.tenant_id", "=", tenantId)
    .where("t.locale", "=", locale)
    .execute();
}

/** Rows per statement: well under the bound-variable limits of SQLite and PostgreSQL. */
const CHUNK = 500;

export interface TranslationRow {
  id: string;
  locale: string;
  name: string;
  description: string | null;
}

/** Writes (or replaces) translations of categories of one tenant. */
export async function upsertCategoryTranslations(db: DbOrTrx, tenantId: string, rows: TranslationRow[]) {
  for (let i = 0; i < rows.length; i += CHUNK) await upsertCategoryChunk(db, tenantId, rows.slice(i, i + CHUNK));
}

async function upsertCategoryChunk(db: DbOrTrx, tenantId: string, rows: TranslationRow[]) {
  await kyselyOf(db)
    .insertInto("category_translations")
    .values(
      rows.map((r) => ({
        category_id: r.id,
        locale: r.locale,
        tenant_id: tenantId,
        name: r.name,
        description: r.description,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["category_id", "locale"]).doUpdateSet((eb) => ({
        name: eb.ref("excluded.name"),
        description: eb.ref("excluded.description"),
      })),
    )
    .execute();
}

/** Writes (or replaces) translations of collections of one tenant. */
export async function upsertCollectionTranslations(db: DbOrTrx, tenantId: string, rows: TranslationRow[]) {
  for (let i = 0; i < rows.length; i += CHUNK) await upsertCollectionChunk(db, tenantId, rows.slice(i, i + CHUNK));
}

async function upsertCollectionChunk(db: DbOrTrx, tenantId: string, rows: TranslationRow[]) {
  await kyselyOf(db)
    .insertInto("collection_translations")
    .values(
      rows.map((r) => ({
        collection_id: r.id,
        locale: r.locale,
        tenant_id: tenantId,
        name: r.name,
        description: r.description,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["collection_id", "locale"]).doUpdateSet((eb) => ({
        name: eb.ref("excluded.name"),
        description: eb.ref("excluded.description"),
      })),
    )
    .execute();
}
