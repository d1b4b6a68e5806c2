import { sql } from "kysely";
import type { Db, DbExecutor } from "../../db/connection";

/** APIs that have something to probe (an upstream URL or mock mode), least recently probed first; never-probed first. */
export async function selectDueProbeTargets(
  db: Db,
  options: { dueBefore: number; limit: number; skipTenantIds: readonly string[] },
) {
  const last = db.kysely
    .selectFrom("api_health_probes")
    .select(["tenant_id", "api_id", (eb) => eb.fn.max("probed_at").as("last_probe")])
    .groupBy(["tenant_id", "api_id"])
    .as("last");
  let query = db.kysely
    .selectFrom("apis")
    .leftJoin("api_gateway_settings", (j) =>
      j
        .onRef("api_gateway_settings.api_id", "=", "apis.id")
        .onRef("api_gateway_settings.tenant_id", "=", "apis.tenant_id"),
    )
    .leftJoin(last, (j) => j.onRef("last.api_id", "=", "apis.id").onRef("last.tenant_id", "=", "apis.tenant_id"))
    .select([
      "apis.tenant_id",
      "apis.id",
      "apis.upstream_url",
      "api_gateway_settings.mode",
      "api_gateway_settings.health_path",
    ])
    .where((eb) => eb.or([eb("apis.upstream_url", "is not", null), eb("api_gateway_settings.mode", "=", "mock")]))
    .where((eb) => eb.or([eb("last.last_probe", "is", null), eb("last.last_probe", "<", options.dueBefore)]));
  if (options.skipTenantIds.length > 0) query = query.where("apis.tenant_id", "not in", [...options.skipTenantIds]);
  return query
    .orderBy(sql`coalesce(last.last_probe, 0)`)
    .orderBy("apis.tenant_id")
    .orderBy("apis.id")
    .limit(options.limit)
    .execute();
}

export interface ProbeRow {
  probedAt: number;
  up: boolean;
  latencyMs: number | null;
  statusCode: number | null;
  reason: string | null;
}

/** One probe, and its UTC day's tally (the 7 and 30 day uptime read the tallies). */
export async function insertProbe(
  h: DbExecutor,
  tenantId: string,
  apiId: string,
  probe: ProbeRow,
  day: number,
): Promise<void> {
  const up = probe.up ? 1 : 0;
  await h
    .insertInto("api_health_probes")
    .values({
      tenant_id: tenantId,
      api_id: apiId,
      probed_at: probe.probedAt,
      up,
      latency_ms: probe.latencyMs,
      status_code: probe.statusCode,
      reason: probe.reason,
    })
    // Two workers probing the same API in the same millisecond: the first one's row stands.
    .onConflict((oc) => oc.columns(["tenant_id", "api_id", "probed_at"]).doNothing())
    .execute();
  await h
    .insertInto("api_health_days")
    .values({ tenant_id: tenantId, api_id: apiId, day, probes: 1, up })
    .onConflict((oc) =>
      oc.columns(["tenant_id", "api_id", "day"]).doUpdateSet({
        probes: sql`api_health_days.probes + 1`,
        up: sql`api_health_days.up + ${up}`,
      }),
    )
    .execute();
}

export async function selectRecentProbes(db: Db, tenantId: string, apiId: string, limit: number) {
  return db.kysely
    .selectFrom("api_health_probes")
    .select(["probed_at", "up", "latency_ms", "status_code", "reason"])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .orderBy("probed_at", "desc")
    .limit(limit)
    .execute();
}

/** Probes and successes since `since`, from the raw probes. */
export async function selectProbeTally(db: Db, tenantId: string, apiId: string, since: number) {
  const row = await db.kysely
    .selectFrom("api_health_probes")
    .select((eb) => [eb.fn.countAll().as("probes"), eb.fn.sum("up").as("up")])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .where("probed_at", ">=", since)
    .executeTakeFirst();
  return { probes: Number(row?.probes ?? 0), up: Number(row?.up ?? 0) };
}

/** Probes and successes of the UTC days from `sinceDay` on, from the daily tallies. */
export async function selectDayTally(db: Db, tenantId: string, apiId: string, sinceDay: number) {
  const row = await db.kysely
    .selectFrom("api_health_days")
    .select((eb) => [eb.fn.sum("probes").as("probes"), eb.fn.sum("up").as("up")])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .where("day", ">=", sinceDay)
    .executeTakeFirst();
  return { probes: Number(row?.probes ?? 0), up: Number(row?.up ?? 0) };
}

/** The upstream, mode and health path of one API (the API page explains why an API is not probed). */
export async function selectHealthTargetOf(db: Db, tenantId: string, apiId: string) {
  return db.kysely
    .selectFrom("apis")
    .leftJoin("api_gateway_settings", (j) =>
      j
        .onRef("api_gateway_settings.api_id", "=", "apis.id")
        .onRef("api_gateway_settings.tenant_id", "=", "apis.tenant_id"),
    )
    .select(["apis.upstream_url", "api_gateway_settings.mode", "api_gateway_settings.health_path"])
    .where("apis.tenant_id", "=", tenantId)
    .where("apis.id", "=", apiId)
    .executeTakeFirst();
}

export async function deleteProbesBefore(db: Db, before: number): Promise<number> {
  const result = await db.kysely.deleteFrom("api_health_probes").where("probed_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteDaysBefore(db: Db, before: number): Promise<number> {
  const result = await db.kysely.deleteFrom("api_health_days").where("day", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Tenants whose health-check switch is off, and so whose APIs are not probed. */
export async function selectTenantConfigsForHealth(db: Db) {
  return db.kysely.selectFrom("tenants").select(["id", "config"]).execute();
}

/** The APIs of a tenant whose last probe found them up (the search page's "Healthy" filter). */
export async function selectHealthyApiIds(db: Db, tenantId: string, since: number): Promise<string[]> {
  const latest = db.kysely
    .selectFrom("api_health_probes")
    .select(["api_id", (eb) => eb.fn.max("probed_at").as("last_probe")])
    .where("tenant_id", "=", tenantId)
    .where("probed_at", ">=", since)
    .groupBy("api_id")
    .as("latest");
  const rows = await db.kysely
    .selectFrom("api_health_probes as p")
    .innerJoin(latest, (j) => j.onRef("latest.api_id", "=", "p.api_id").onRef("latest.last_probe", "=", "p.probed_at"))
    .select("p.api_id")
    .where("p.tenant_id", "=", tenantId)
    .where("p.up", "=", 1)
    .execute();
  return rows.map((r) => r.api_id);
}
