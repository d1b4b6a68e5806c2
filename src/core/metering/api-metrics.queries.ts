import { sql } from "kysely";
import type { Db } from "../../db/connection";
import type { UsageWindow } from "./api-metrics";
import { LATENCY_BUCKET_COLUMNS } from "./usage.types";

/* SQL of the measured API metrics: usage totals per API over two windows, and the apis rows they are written to. */

/** One API's usage over the metrics window (30 days) and the health window (24 hours). */
export interface ApiUsageTotals {
  tenantId: string;
  apiId: string;
  month: UsageWindow;
  day: UsageWindow;
}

/** Per (tenant, API): calls, rejections, 5xx and latency buckets since `monthSince`, and the same since `daySince`. */
export async function selectUsageTotals(db: Db, monthSince: number, daySince: number): Promise<ApiUsageTotals[]> {
  const sums = (column: string) => [
    sql<string | number | null>`sum(${sql.ref(column)})`.as(`m_${column}`),
    sql<string | number | null>`sum(case when minute >= ${daySince} then ${sql.ref(column)} else 0 end)`.as(
      `d_${column}`,
    ),
  ];
  const columns = ["calls", "rejected", "errors_5xx", ...LATENCY_BUCKET_COLUMNS];
  const rows = await db.kysely
    .selectFrom("usage_rollups")
    .select(["tenant_id", "api_id", ...columns.flatMap(sums)])
    .where("minute", ">=", monthSince)
    .groupBy(["tenant_id", "api_id"])
    .execute();
  return rows.map((row) => {
    // The sums' aliases are built from column names, so the row is read by name (drivers may answer bigints as strings).
    const sumsByAlias: Record<string, unknown> = row;
    const windowOf = (prefix: "m" | "d"): UsageWindow => {
      const n = (column: string) => Number(sumsByAlias[`${prefix}_${column}`] ?? 0);
      return {
        calls: n("calls"),
        rejected: n("rejected"),
        errors5xx: n("errors_5xx"),
        latencyBuckets: LATENCY_BUCKET_COLUMNS.map((c) => n(c)),
      };
    };
    return { tenantId: row.tenant_id, apiId: row.api_id, month: windowOf("m"), day: windowOf("d") };
  });
}

/** Measured APIs (not demo data) with what popularity needs and their current metric values. */
export async function selectMeasuredApis(db: Db) {
  return db.kysely
    .selectFrom("apis as a")
    .select((eb) => [
      "a.tenant_id",
      "a.id",
      "a.followers_count",
      "a.latency_ms",
      "a.service_level",
      "a.health_check",
      "a.popularity",
      eb
        .selectFrom("subscriptions as s")
        .select((s) => s.fn.countAll<number>().as("n"))
        .whereRef("s.tenant_id", "=", "a.tenant_id")
        .whereRef("s.api_id", "=", "a.id")
        .where("s.status", "=", "subscribed")
        .as("subscribers"),
    ])
    .where("a.is_demo_data", "=", 0)
    .execute();
}

/** Writes measured metrics; `updated_at` stays (it is when the provider last changed the API). */
export async function updateApiMetrics(
  db: Db,
  tenantId: string,
  apiId: string,
  metrics: { latency_ms: number | null; service_level: number | null; health_check: number | null; popularity: number },
): Promise<void> {
  await db.kysely.updateTable("apis").set(metrics).where("tenant_id", "=", tenantId).where("id", "=", apiId).execute();
}
