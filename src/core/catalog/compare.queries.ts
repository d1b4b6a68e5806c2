import { sql } from "kysely";
import type { Db } from "../../db/connection";
import { API_CARD_COLUMNS, visibleApiRows } from "./api-read-model";

/*
 * SQL for the compare screen. Tenant-scoped like every catalog query; an API is returned only when the caller may see
 * it (api-read-model.ts visibleApis).
 */

/** The APIs named by (owner username, slug) pairs that the caller may see, with their current version summary. */
export async function selectCompareRows(
  db: Db,
  tenantId: string,
  refs: ReadonlyArray<{ ownerUsername: string; slug: string }>,
  privateIds: readonly string[],
) {
  if (refs.length === 0) return [];
  return visibleApiRows(db, tenantId, privateIds)
    .leftJoin("api_versions as v", (j) =>
      // The literal tenant id lets SQLite read the covering summary index instead of the row with its documents.
      j.onRef("v.id", "=", "a.current_version_id").on("v.tenant_id", "=", tenantId),
    )
    .where((eb) => eb.or(refs.map((r) => eb.and([eb("u.username", "=", r.ownerUsername), eb("a.slug", "=", r.slug)]))))
    .select([
      ...API_CARD_COLUMNS,
      "a.auth_type",
      "a.health_check",
      "v.id as version_id",
      "v.version as version_label",
      "v.source_format",
      "v.endpoints_count",
    ])
    .execute();
}

/**
 * Per version: how many operations look like GraphQL or SOAP endpoints (by path), to name the protocols an API
 * speaks beside plain REST.
 */
export async function selectProtocolHints(db: Db, tenantId: string, versionIds: readonly string[]) {
  if (versionIds.length === 0) return [];
  const lowerPath = sql<string>`lower(e.path)`;
  return db.kysely
    .selectFrom("api_endpoints as e")
    .where("e.tenant_id", "=", tenantId)
    .where("e.version_id", "in", [...versionIds])
    .select((eb) => [
      "e.version_id",
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(sql`case when ${lowerPath} like '%graphql%' then 1 else 0 end`).as("graphql"),
      eb.fn
        .sum<number>(sql`case when ${lowerPath} like '%soap%' or ${lowerPath} like '%.asmx%' then 1 else 0 end`)
        .as("soap"),
    ])
    .groupBy("e.version_id")
    .execute();
}
