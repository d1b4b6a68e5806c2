import { type SqlBool, sql } from "kysely";
import type { Db } from "../../db/connection";
import { visibleApis } from "./api-read-model";

/*
 * SQL of an API's endpoint list (Endpoints tab). Tenant-scoped like every catalog query; the API must be visible to
 * the caller (api-read-model.ts visibleApis).
 */

/** Escapes LIKE wildcards so user input matches literally (used with ESCAPE '\'). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Case-insensitive "contains", identical on both dialects: lower(col) LIKE lower(pattern) ESCAPE '\'. */
function containsInsensitive(column: string, term: string) {
  const pattern = `%${escapeLike(term)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}

/** The version whose endpoints are listed: the given one if it belongs to this visible API, else the current one. */
export async function selectListableVersionId(
  db: Db,
  tenantId: string,
  apiId: string,
  versionId: string | undefined,
  privateIds: readonly string[] = [],
): Promise<string | null> {
  if (versionId !== undefined) {
    const row = await db.kysely
      .selectFrom("api_versions as v")
      .innerJoin("apis as a", (j) => j.onRef("a.id", "=", "v.api_id").onRef("a.tenant_id", "=", "v.tenant_id"))
      .select("v.id")
      .where("v.tenant_id", "=", tenantId)
      .where("v.id", "=", versionId)
      .where("v.api_id", "=", apiId)
      .where(visibleApis("a", privateIds))
      .executeTakeFirst();
    return row?.id ?? null;
  }
  const row = await db.kysely
    .selectFrom("apis as a")
    .select("a.current_version_id")
    .where("a.tenant_id", "=", tenantId)
    .where("a.id", "=", apiId)
    .where(visibleApis("a", privateIds))
    .executeTakeFirst();
  return row?.current_version_id ?? null;
}

function endpointsOf(db: Db, tenantId: string, versionId: string, query: string | undefined, tag?: string) {
  let q = db.kysely
    .selectFrom("api_endpoints as e")
    .where("e.tenant_id", "=", tenantId)
    .where("e.version_id", "=", versionId);
  if (tag !== undefined) {
    // tags_json is JSON.stringify output, so the tag appears in it exactly as JSON.stringify writes it (quoted).
    const pattern = `%${escapeLike(JSON.stringify(tag))}%`;
    q = q.where(sql<SqlBool>`${sql.ref("e.tags_json")} like ${pattern} escape '\\'`);
  }
  if (query !== undefined && query !== "") {
    q = q.where((eb) =>
      eb.or([
        containsInsensitive("e.method", query),
        containsInsensitive("e.path", query),
        containsInsensitive("e.summary", query),
      ]),
    );
  }
  return q;
}

export async function selectEndpoints(
  db: Db,
  tenantId: string,
  versionId: string,
  opts: { query?: string; tag?: string; offset: number; limit: number },
) {
  return endpointsOf(db, tenantId, versionId, opts.query, opts.tag)
    .select([
      "e.id",
      "e.method",
      "e.path",
      "e.operation_id",
      "e.summary",
      "e.description",
      "e.tags_json",
      "e.parameters_json",
    ])
    .orderBy("e.position")
    .orderBy("e.id")
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
}

export async function countEndpoints(
  db: Db,
  tenantId: string,
  versionId: string,
  query?: string,
  tag?: string,
): Promise<number> {
  const row = await endpointsOf(db, tenantId, versionId, query, tag)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every endpoint's tags of a version, in spec order (for the Endpoints tab's tag index). */
export async function selectEndpointTags(db: Db, tenantId: string, versionId: string) {
  return db.kysely
    .selectFrom("api_endpoints")
    .select("tags_json")
    .where("tenant_id", "=", tenantId)
    .where("version_id", "=", versionId)
    .orderBy("position")
    .execute();
}

/** The reference's navigation rows of a version: the few columns the list shows, in spec order. */
export async function selectEndpointIndex(db: Db, tenantId: string, versionId: string, limit: number) {
  return db.kysely
    .selectFrom("api_endpoints")
    .select(["id", "kind", "method", "path", "operation_id", "summary", "tags_json"])
    .where("tenant_id", "=", tenantId)
    .where("version_id", "=", versionId)
    .orderBy("position")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The endpoint a deep link names, by its id or its operationId (the first in spec order when several share it). */
export async function selectEndpointIdByRef(db: Db, tenantId: string, versionId: string, ref: string) {
  const row = await db.kysely
    .selectFrom("api_endpoints")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("version_id", "=", versionId)
    .where((eb) => eb.or([eb("id", "=", ref), eb("operation_id", "=", ref)]))
    .orderBy("position")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
