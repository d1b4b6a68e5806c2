import { type Insertable, sql } from "kysely";
import type { Db } from "../../db/connection";
import type { SearchDocumentsTable, SearchEndpointsTable } from "../../db/tables/search.tables";

/*
 * SQL of index maintenance: read what a document is built from, replace documents, grow the vocabulary, drain the
 * queue that the catalog triggers fill. Every function takes (db, tenantId, ...).
 */

const CHUNK = 400;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Up to `limit` queued API ids of the tenant. */
export async function selectDirtyApiIds(db: Db, tenantId: string, limit: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom("search_dirty")
    .select("api_id")
    .where("tenant_id", "=", tenantId)
    .limit(limit)
    .execute();
  return rows.map((r) => r.api_id);
}

export async function hasDirtyApis(db: Db, tenantId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("search_dirty")
    .select("api_id")
    .where("tenant_id", "=", tenantId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function selectAllApiIds(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db.kysely.selectFrom("apis").select("id").where("tenant_id", "=", tenantId).execute();
  return rows.map((r) => r.id);
}

/** What an API document is built from (null fields when the API no longer exists). */
export async function selectApisForIndex(db: Db, tenantId: string, apiIds: readonly string[]) {
  if (apiIds.length === 0) return [];
  return db.kysely
    .selectFrom("apis as a")
    .leftJoin("users as u", (j) => j.onRef("u.id", "=", "a.owner_id").onRef("u.tenant_id", "=", "a.tenant_id"))
    .leftJoin("categories as c", (j) => j.onRef("c.id", "=", "a.category_id").onRef("c.tenant_id", "=", "a.tenant_id"))
    .select([
      "a.id",
      "a.name",
      "a.provider_name",
      "u.name as owner_name",
      "a.short_description",
      "a.features_json",
      "c.name as category_name",
      "a.visibility",
      "a.category_id",
      "a.pricing_type",
      "a.auth_type",
      "a.popularity",
      "a.rating_avg",
      "a.latency_ms",
      "a.updated_at",
      "a.current_version_id",
    ])
    .where("a.tenant_id", "=", tenantId)
    .where("a.id", "in", apiIds)
    .execute();
}

export type ApiIndexRow = Awaited<ReturnType<typeof selectApisForIndex>>[number];

/** Endpoints of the given (current) versions. */
export async function selectEndpointsForIndex(db: Db, tenantId: string, versionIds: readonly string[]) {
  if (versionIds.length === 0) return [];
  return db.kysely
    .selectFrom("api_endpoints")
    .select(["id", "api_id", "version_id", "method", "path", "summary", "operation_id", "position"])
    .where("tenant_id", "=", tenantId)
    .where("version_id", "in", versionIds)
    .orderBy("api_id")
    .orderBy("position")
    .execute();
}

export type EndpointIndexRow = Awaited<ReturnType<typeof selectEndpointsForIndex>>[number];

export type NewSearchDocument = Insertable<SearchDocumentsTable>;
export type NewSearchEndpoint = Insertable<SearchEndpointsTable>;

/**
 * Replaces the documents of `apiIds` (APIs absent from `docs` leave the index) and adds new words to the vocabulary.
 * Call inside a transaction (see withSearchTransaction).
 */
export async function replaceDocuments(
  db: Db,
  tenantId: string,
  apiIds: readonly string[],
  built: { docs: NewSearchDocument[]; endpoints: readonly NewSearchEndpoint[]; vocabulary: readonly string[] },
  assignIds: (docs: NewSearchDocument[]) => Promise<void>,
): Promise<void> {
  const { docs, endpoints, vocabulary } = built;
  const k = db.kysely;
  for (const ids of chunks(apiIds)) {
    await k.deleteFrom("search_documents").where("tenant_id", "=", tenantId).where("api_id", "in", ids).execute();
    await k.deleteFrom("search_endpoints").where("tenant_id", "=", tenantId).where("api_id", "in", ids).execute();
  }
  // After the deletes, so a rebuilt document can take its old id back.
  await assignIds(docs);
  for (const rows of chunks(docs, 200)) await k.insertInto("search_documents").values(rows).execute();
  for (const rows of chunks(endpoints, 200)) await k.insertInto("search_endpoints").values(rows).execute();
  const words = vocabulary.map((term) => ({
    tenant_id: tenantId,
    term,
    reversed: [...term].reverse().join(""),
    length: term.length,
  }));
  for (const rows of chunks(words, 500)) {
    await k
      .insertInto("search_vocabulary")
      .values(rows)
      .onConflict((oc) => oc.columns(["tenant_id", "term"]).doNothing())
      .execute();
  }
}

/** Runs `work` in one transaction, handing it a Db bound to that transaction. */
export async function withSearchTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute((trx) => work({ kysely: trx, dialect: db.dialect, close: async () => {} }));
}

/**
 * Takes queued ids off the queue; returns the ids this caller claimed (a concurrent caller that deleted them first
 * gets none and does not rebuild them twice).
 */
export async function claimDirtyApiIds(db: Db, tenantId: string, apiIds: readonly string[]): Promise<string[]> {
  if (apiIds.length === 0) return [];
  const rows = await db.kysely
    .deleteFrom("search_dirty")
    .where("tenant_id", "=", tenantId)
    .where("api_id", "in", apiIds)
    .returning("api_id")
    .execute();
  return rows.map((r) => r.api_id);
}

/** Drops the tenant's whole index and vocabulary (before a full rebuild). */
export async function clearTenantIndex(db: Db, tenantId: string): Promise<void> {
  const k = db.kysely;
  await k.deleteFrom("search_documents").where("tenant_id", "=", tenantId).execute();
  await k.deleteFrom("search_endpoints").where("tenant_id", "=", tenantId).execute();
  await k.deleteFrom("search_vocabulary").where("tenant_id", "=", tenantId).execute();
  await k.deleteFrom("search_dirty").where("tenant_id", "=", tenantId).execute();
  if (db.dialect === "sqlite") await k.deleteFrom("search_facet_codes").where("tenant_id", "=", tenantId).execute();
}

/** Refreshes planner statistics after a bulk rebuild (PostgreSQL's autovacuum would get there later). */
export async function analyzeSearchTables(db: Db): Promise<void> {
  if (db.dialect === "postgres") {
    await sql`analyze search_documents, search_endpoints, search_vocabulary`.execute(db.kysely);
  } else {
    await sql`analyze`.execute(db.kysely);
  }
}
