import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/connection";
import { LATENCY_BUCKET_COLUMNS } from "../metering/usage.types";
import type { AnalyticsRange, RollupGrain } from "./analytics-range";

/*
 * Dashboard reads over the rollup tables (minute: usage_rollups, written with the records; hour and day: folded by the
 * worker, rollup-fold.queries.ts). Every query takes the tenant id first and a scope: the API ids and/or app ids the
 * viewer may see (null: no restriction, the tenant admin's view). An empty list means nothing to read.
 */

export interface AnalyticsScope {
  apiIds: readonly string[] | null;
  appIds: readonly string[] | null;
}

/** The summed columns of a rollup group, as numbers. */
export interface RollupSums {
  calls: number;
  billable: number;
  rejected: number;
  errors4xx: number;
  errors5xx: number;
  bytesIn: number;
  bytesOut: number;
  latencySumUs: number;
  latencyBuckets: number[];
}

const SUM_SQL = [
  "calls",
  "billable",
  "rejected",
  "errors_4xx",
  "errors_5xx",
  "bytes_in",
  "bytes_out",
  "latency_sum_us",
  ...LATENCY_BUCKET_COLUMNS,
]
  .map((c) => `coalesce(sum(${c}), 0) as ${c}`)
  .join(", ");

type SumRow = Record<string, string | number | bigint | null>;

export function sumsOf(row: SumRow): RollupSums {
  const n = (c: string) => Number(row[c] ?? 0);
  return {
    calls: n("calls"),
    billable: n("billable"),
    rejected: n("rejected"),
    errors4xx: n("errors_4xx"),
    errors5xx: n("errors_5xx"),
    bytesIn: n("bytes_in"),
    bytesOut: n("bytes_out"),
    latencySumUs: n("latency_sum_us"),
    latencyBuckets: LATENCY_BUCKET_COLUMNS.map(n),
  };
}

function source(grain: RollupGrain): { table: string; time: string } {
  return grain === "minute"
    ? { table: "usage_rollups", time: "minute" }
    : { table: `usage_rollups_${grain}`, time: "bucket" };
}

export function isEmptyScope(scope: AnalyticsScope): boolean {
  return (scope.apiIds !== null && scope.apiIds.length === 0) || (scope.appIds !== null && scope.appIds.length === 0);
}

function where(tenantId: string, scope: AnalyticsScope, range: Pick<AnalyticsRange, "from" | "to" | "grain">) {
  const { time } = source(range.grain);
  const parts: RawBuilder<unknown>[] = [
    sql`tenant_id = ${tenantId}`,
    sql`${sql.ref(time)} >= ${range.from}`,
    sql`${sql.ref(time)} < ${range.to}`,
  ];
  if (scope.apiIds) parts.push(sql`api_id in (${sql.join(scope.apiIds)})`);
  if (scope.appIds) parts.push(sql`app_id in (${sql.join(scope.appIds)})`);
  return sql.join(parts, sql` and `);
}

/** Sums per bucket of the range's grain, oldest first (buckets without calls are absent). */
export async function selectBuckets(
  db: Db,
  tenantId: string,
  scope: AnalyticsScope,
  range: AnalyticsRange,
): Promise<Array<RollupSums & { bucket: number }>> {
  if (isEmptyScope(scope)) return [];
  const { table, time } = source(range.grain);
  // Each table's rows are already at its grain: no arithmetic on the time column, so its index serves the range.
  const { rows } = await sql<SumRow>`select ${sql.ref(time)} as t, ${sql.raw(SUM_SQL)} from ${sql.table(table)}
    where ${where(tenantId, scope, range)} group by ${sql.ref(time)} order by ${sql.ref(time)}`.execute(db.kysely);
  return rows.map((r) => ({ bucket: Number(r.t), ...sumsOf(r) }));
}

/** Sums over the whole range. */
export async function selectTotals(
  db: Db,
  tenantId: string,
  scope: AnalyticsScope,
  range: Pick<AnalyticsRange, "from" | "to" | "grain">,
): Promise<RollupSums> {
  if (isEmptyScope(scope)) return sumsOf({});
  const { table } = source(range.grain);
  const { rows } = await sql<SumRow>`select ${sql.raw(SUM_SQL)} from ${sql.table(table)}
    where ${where(tenantId, scope, range)}`.execute(db.kysely);
  return sumsOf(rows[0] ?? {});
}

/** The busiest (api, endpoint) or (api, app) pairs of the range, by calls. */
export async function selectTop(
  db: Db,
  tenantId: string,
  scope: AnalyticsScope,
  range: AnalyticsRange,
  by: "endpoint" | "app_id",
  limit = 10,
): Promise<Array<RollupSums & { apiId: string; key: string }>> {
  if (isEmptyScope(scope)) return [];
  const { table } = source(range.grain);
  const { rows } = await sql<SumRow & { api_id: string; k: string }>`select api_id, ${sql.ref(by)} as k,
      ${sql.raw(SUM_SQL)} from ${sql.table(table)} where ${where(tenantId, scope, range)}
    group by api_id, ${sql.ref(by)} order by sum(calls) desc, api_id, ${sql.ref(by)} limit ${limit}`.execute(db.kysely);
  return rows.map((r) => ({ apiId: r.api_id, key: r.k, ...sumsOf(r) }));
}
