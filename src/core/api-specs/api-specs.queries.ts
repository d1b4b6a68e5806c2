import type { Insertable, Kysely, Transaction } from "kysely";
import type { Db } from "../../db/connection";
import type { ApiEndpointsTable, ApiVersionsTable, Database } from "../../db/schema";

/* All SQL of spec versions: stored documents, their endpoints, and the API's current version pointer. */

type Executor = Kysely<Database> | Transaction<Database>;

// SQLite binds at most 32,766 variables per statement (PostgreSQL 65,535): 15 columns × 250 rows stays well under,
// and one statement of 250 rows (their response schemas included) runs well inside 100 ms.
const ENDPOINT_ROWS_PER_INSERT = 250;

/**
 * better-sqlite3 runs each statement synchronously, and awaiting a settled promise never lets timers or sockets in:
 * a 5,000-endpoint spec's inserts held the event loop for seconds (the background directory import stalled pages).
 * Between chunks the writer yields a macrotask, so requests that need no database (assets, the gateway's cached
 * calls) are answered meanwhile; on PostgreSQL the inserts are network round trips and this costs nothing.
 */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export interface ApiForImport {
  id: string;
  owner_id: string;
  current_version_id: string | null;
}

export async function selectApiForImport(db: Db, tenantId: string, apiId: string): Promise<ApiForImport | undefined> {
  return db.kysely
    .selectFrom("apis")
    .select(["id", "owner_id", "current_version_id"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .executeTakeFirst();
}

/** The parts of each operation a re-import diff compares. */
export async function selectEndpointsForDiff(db: Db, tenantId: string, versionId: string) {
  return db.kysely
    .selectFrom("api_endpoints")
    .select(["method", "path", "summary", "parameters_json", "request_body_json", "responses_json"])
    .where("tenant_id", "=", tenantId)
    .where("version_id", "=", versionId)
    .orderBy("position")
    .execute();
}

/** Inserts a version and its endpoints and makes it the API's current version; call inside one transaction. */
export async function insertVersionWithEndpoints(
  trx: Executor,
  tenantId: string,
  version: Insertable<ApiVersionsTable>,
  endpoints: ReadonlyArray<Insertable<ApiEndpointsTable>>,
  now: number,
): Promise<void> {
  await trx.insertInto("api_versions").values(version).execute();
  for (let i = 0; i < endpoints.length; i += ENDPOINT_ROWS_PER_INSERT) {
    if (i > 0) await yieldToEventLoop();
    await trx
      .insertInto("api_endpoints")
      .values(endpoints.slice(i, i + ENDPOINT_ROWS_PER_INSERT))
      .execute();
  }
  await trx
    .updateTable("apis")
    .set({ current_version_id: version.id, updated_at: now })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", version.api_id)
    .execute();
}

/** Every version of an API, newest first, without the documents. */
export async function selectVersions(db: Db, tenantId: string, apiId: string) {
  return db.kysely
    .selectFrom("api_versions")
    .select(["id", "version", "source_format", "endpoints_count", "created_at"])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** One stored document of a version of this API. */
export async function selectVersionDocument(
  db: Db,
  tenantId: string,
  apiId: string,
  versionId: string,
  kind: "original" | "normalized",
) {
  const row = await db.kysely
    .selectFrom("api_versions")
    .select(["id", "version", "source_format", "original_doc", "normalized_doc"])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .where("id", "=", versionId)
    .executeTakeFirst();
  if (!row) return undefined;
  // An empty original means the normalized document is the original (directory specs, decision 100).
  const doc = kind === "original" && row.original_doc !== "" ? row.original_doc : row.normalized_doc;
  return { id: row.id, version: row.version, source_format: row.source_format, doc };
}
