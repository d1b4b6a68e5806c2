import type { Db, DbExecutor } from "../../db/connection";
import type { SpotlightRow } from "../../db/schema";
import type { SpotlightFileColumns } from "../../db/tables/content.tables";
/* All SQL of spotlights; every function takes (db or transaction, tenantId, ...). */

export type SpotlightRecord = SpotlightRow & SpotlightFileColumns;

export async function selectSpotlightsOfApi(
  db: Db,
  tenantId: string,
  apiId: string,
  publishedOnly: boolean,
): Promise<SpotlightRecord[]> {
  let query = db.kysely
    .selectFrom("spotlights")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId);
  if (publishedOnly) query = query.where("published", "=", 1).where("draft", "=", 0);
  return query.orderBy("position", "asc").orderBy("created_at", "asc").orderBy("id", "asc").execute();
}

export async function selectSpotlight(db: Db, tenantId: string, id: string): Promise<SpotlightRecord | undefined> {
  return db.kysely
    .selectFrom("spotlights")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function insertSpotlight(db: Db, row: SpotlightRecord): Promise<void> {
  await db.kysely.insertInto("spotlights").values(row).execute();
}

export async function updateSpotlightRow(
  db: Db,
  tenantId: string,
  id: string,
  changes: Partial<Omit<SpotlightRecord, "id" | "tenant_id" | "api_id">>,
): Promise<void> {
  await db.kysely
    .updateTable("spotlights")
    .set(changes)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .execute();
}

export async function deleteSpotlightRow(db: Db, tenantId: string, id: string): Promise<void> {
  await db.kysely.deleteFrom("spotlights").where("tenant_id", "=", tenantId).where("id", "=", id).execute();
}

export async function selectNextSpotlightPosition(db: Db, tenantId: string, apiId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom("spotlights")
    .select((eb) => eb.fn.max("position").as("top"))
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .executeTakeFirst();
  const top = row?.top;
  return top === null || top === undefined ? 0 : Number(top) + 1;
}

/** The API's spotlight ids in display order, read inside the reorder transaction. */
export async function selectSpotlightOrder(trx: DbExecutor, tenantId: string, apiId: string, lockRows: boolean) {
  const query = trx
    .selectFrom("spotlights")
    .select(["id", "position"])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .orderBy("position", "asc")
    .orderBy("created_at", "asc")
    .orderBy("id", "asc");
  // PostgreSQL: two concurrent moves serialize on the rows; SQLite transactions already hold the write lock.
  return (lockRows ? query.forUpdate() : query).execute();
}

export async function setSpotlightPosition(trx: DbExecutor, tenantId: string, id: string, position: number) {
  await trx
    .updateTable("spotlights")
    .set({ position })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .execute();
}
