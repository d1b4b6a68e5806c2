import { sql } from "kysely";
import type { Db } from "../../db/connection";

/*
 * SQL for the compare screen. Tenant-scoped like every catalog query; an API is returned only when PUBLIC or one of
 * the caller's visible private ids (access/private-apis.service privateApiIdsFor).
 */

/** The APIs named by (owner username, slug) pairs that the caller may see, with their current version summary. */
export async function selectCompareRows(
  db: Db,
  tenantId: string,
  refs: ReadonlyArray<{ ownerUsername: string; slug: string }>,
  privateIds: readonly string[],
) {
  if (refs.length === 0) return [];
  return db.kysely
    .selectFrom("apis as a")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "a.owner_id").onRef("u.tenant_id", "=", "a.tenant_id"))
    .leftJoin("categories as c", (j) => j.onRef("c.id", "=", "a.category_id").onRef("c.tenant_id", "=", "a.tenant_id"))
    .leftJoin("api_versions as v", (j) =>
      // The literal tenant id lets SQLite read the covering summary index instead of the row with its documents.
      j.onRef("v.id", "=", "a.current_version_id").on("v.tenant_id", "=", tenantId),
    )
    .where("a.tenant_id", "=", tenantId)
    .where((eb) => eb.or(refs.map((r) => eb.and([eb("u.username", "=", r.ownerUsername), eb("a.slug", "=", r.slug)]))))
    .where((eb) =>
      privateIds.length > 0
        ? eb.or([eb("a.visibility", "=", "PUBLIC"), eb("a.id", "in", [...privateIds])])
        : eb("a.visibility", "=", "PUBLIC"),
    )
    .select([
      "a.id",
      "a.name",
      "a.slug",
      "u.username as owner_username",
      "a.thumbnail",
      "a.short_description",
      "a.visibility",
      "a.pricing_type",
      "c.name as category_name",
      "a.auth_type",
      "a.rating_avg",
      "a.rating_votes",
      "a.followers_count",
      "a.popularity",
      "a.latency_ms",
      "a.service_level",
      "a.health_check",
      "a.is_demo_data",
      "a.updated_at",
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
