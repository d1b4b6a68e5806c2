import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/connection";
import { LATENCY_BUCKET_COLUMNS, ROLLUP_SUM_COLUMNS } from "../metering/usage.types";
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

const SUM_SQL = [...ROLLUP_SUM_COLUMNS].map((c) => `coalesce(sum(${c}), 0) as ${c}`).join(", ");

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

type Kind = "tenant" | "api" | "endpoint" | "app";

/**
 * The table a read uses: the minute rollups for the minute grain; for hours and days the worker's projections when the
 * view does not filter by app (decision 090: far fewer rows), else the full hour or day rollups.
 */
function source(
  grain: RollupGrain,
  scope: AnalyticsScope,
  kind: Kind,
): { table: string; time: string; kind: Kind | null; key: string } {
  const key = kind === "endpoint" ? "endpoint" : kind === "app" ? "app_id" : "";
  if (grain === "minute") return { table: "usage_rollups", time: "minute", kind: null, key };
  if (scope.appIds === null) {
    // The whole tenant's charts read its own projection: one row per bucket instead of one per API.
    const dimKind = kind === "api" && scope.apiIds === null ? "tenant" : kind;
    return { table: `usage_rollups_${grain}_dim`, time: "bucket", kind: dimKind, key: "dim" };
  }
  return { table: `usage_rollups_${grain}`, time: "bucket", kind: null, key };
}

export function isEmptyScope(scope: AnalyticsScope): boolean {
  return (scope.apiIds !== null && scope.apiIds.length === 0) || (scope.appIds !== null && scope.appIds.length === 0);
}

function where(
  tenantId: string,
  scope: AnalyticsScope,
  range: Pick<AnalyticsRange, "from" | "to" | "grain">,
  src: { time: string; kind: Kind | null },
) {
  const { time } = src;
  const parts: RawBuilder<unknown>[] = [
    sql`tenant_id = ${tenantId}`,
    ...(src.kind ? [sql`kind = ${src.kind}`] : []),
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
  const src = source(range.grain, scope, "api");
  const { table, time } = src;
  // Each table's rows are already at its grain: no arithmetic on the time column, so its index serves the range.
  const { rows } = await sql<SumRow>`select ${sql.ref(time)} as t, ${sql.raw(SUM_SQL)} from ${sql.table(table)}
    where ${where(tenantId, scope, range, src)} group by ${sql.ref(time)} order by ${sql.ref(time)}`.execute(db.kysely);
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
  const src = source(range.grain, scope, "api");
  const { rows } = await sql<SumRow>`select ${sql.raw(SUM_SQL)} from ${sql.table(src.table)}
    where ${where(tenantId, scope, range, src)}`.execute(db.kysely);
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
  const src = source(range.grain, scope, by === "endpoint" ? "endpoint" : "app");
  const key = sql.ref(src.key);
  if (src.kind !== null && range.grain !== "minute") {
    return selectTopByRunningTotals(db, tenantId, scope, range, { ...src, grain: range.grain }, limit);
  }
  const { rows } = await sql<SumRow & { api_id: string; k: string }>`select api_id, ${key} as k,
      ${sql.raw(SUM_SQL)} from ${sql.table(src.table)} where ${where(tenantId, scope, range, src)}
    group by api_id, ${key} order by sum(calls) desc, api_id, ${key} limit ${limit}`.execute(db.kysely);
  return rows.map((r) => ({ apiId: r.api_id, key: r.k, ...sumsOf(r) }));
}

/**
 * Rows of a range one seek of the running totals is worth, measured at 1 million calls (decision 091): on PostgreSQL
 * a seek took 35 µs against 5 µs per row read by the primary key; in SQLite (in-process) both took ~5.5 µs.
 */
const GROUPED_ROWS_PER_SEEK: Record<Db["dialect"], number> = { postgres: 6, sqlite: 1 };
let groupedRowsPerSeek: number | null = null;
/** Above this many APIs the grouped read's id list gets long: the running totals serve. */
const MAX_LISTED_APIS = 1_000;

/** Tests force one path or the other (both must rank the same); null restores the measured values. */
export function setGroupedRowsPerSeek(n: number | null): void {
  groupedRowsPerSeek = n;
}

let forcedFirstRowsWindow: number | null = null;
/** Tests force the first-rows window (in buckets; 0: seeks only); null restores the cost model's choice. */
export function setFirstRowsWindow(buckets: number | null): void {
  forcedFirstRowsWindow = buckets;
}

/**
 * How many buckets after a range's start to read so that each pair's first row there gives its total before the
 * range, instead of a seek (docs/decisions/093-analytics-first-rows-window.md). With `calls` spread over `pairs` and
 * `buckets`, a pair has a row in a bucket with probability 1 - e^-r (r = calls per pair and bucket), and none in the
 * first `w` buckets with probability e^-rw: the window costs pairs·w·(1 - e^-r) rows and leaves pairs·e^-rw seeks at
 * `rowsPerSeek` rows each. The minimum of that cost is at w = ln(rowsPerSeek·r / (1 - e^-r)) / r; 0 when seeking
 * every pair is cheaper or not clearly dearer. Traffic less even than this assumes can leave more pairs to seek or put
 * more rows in the window than expected, but never more than one seek and `w` rows per pair: exact either way.
 */
export function firstRowsWindow(pairs: number, calls: number, buckets: number, rowsPerSeek: number): number {
  if (pairs <= 0 || calls <= 0 || buckets <= 1 || rowsPerSeek <= 0) return 0;
  const r = calls / (pairs * buckets);
  const p = 1 - Math.exp(-r);
  const cost = (w: number) => w * p + rowsPerSeek * Math.exp(-r * w);
  const best = Math.log((rowsPerSeek * r) / p) / r;
  if (!(best > 0)) return 0;
  const low = Math.min(buckets, Math.floor(best));
  const high = Math.min(buckets, Math.ceil(best));
  const w = cost(high) < cost(low) ? high : low;
  // A window must beat the seeks by a clear margin: where a seek costs one row (SQLite) a one-bucket window ties
  // with the seeks in exact arithmetic, and rounding must not pick it.
  return cost(w) <= 0.75 * rowsPerSeek ? w : 0;
}

/**
 * A top list over the projections (docs/decisions/091-analytics-ranking.md, 092-analytics-latest-totals.md,
 * 093-analytics-first-rows-window.md): a pair's calls in [from, to) are its running total at the last bucket before
 * `to` minus that before `from`. The pairs of the scope are the rows of the latest-totals table (one per pair, with its
 * latest bucket and total): a pair whose latest bucket is before `from` had no calls in the range, one whose latest
 * bucket is before `to` (every range ending now) takes its total at `to` from that row, and only the rest seek the pair
 * index. Its total before `from` comes from its first row in a window after `from` when the cost model picks one (093),
 * else from a seek. Then the winners' full sums, by the same index. A short range's rows are grouped instead.
 */
async function selectTopByRunningTotals(
  db: Db,
  tenantId: string,
  scope: AnalyticsScope,
  range: AnalyticsRange,
  src: { table: string; grain: Exclude<RollupGrain, "minute">; kind: Kind | null },
  limit: number,
): Promise<Array<RollupSums & { apiId: string; key: string }>> {
  const table = sql.table(src.table);
  const latest = sql.table(`usage_rollups_${src.grain}_latest`);
  const kind = src.kind ?? "api";
  const apis = scope.apiIds ? sql` and api_id in (${sql.join(scope.apiIds)})` : sql``;
  // The pairs with calls at or after `from`, per API, and how many seeks they need (one at `from`, one more at `to`
  // for those with calls after the range); beside it (another connection on PostgreSQL) the range's calls, which
  // bound its rows for the grouped path below.
  const [{ rows: perApi }, rangeSums] = await Promise.all([
    sql<{ api_id: string; n: string | number; after: string | number }>`select api_id, count(*) as n,
        sum(case when bucket >= ${range.to} then 1 else 0 end) as after from ${latest}
      where tenant_id = ${tenantId} and kind = ${kind}${apis} and bucket >= ${range.from} group by api_id`.execute(
      db.kysely,
    ),
    selectTotals(db, tenantId, scope, range),
  ]);
  const pairs = perApi.reduce((n, r) => n + Number(r.n), 0);
  const seeks = perApi.reduce((n, r) => n + Number(r.n) + Number(r.after), 0);
  if (seeks === 0) return [];
  // A short range holds fewer rows than the seeks would cost (at most one row per call): group the range's rows,
  // reached through the primary key (tenant, kind, api, bucket) with the scope's API ids listed, so no new index.
  const rangeCalls = rangeSums.calls;
  const ids = perApi.map((r) => r.api_id);
  const perSeek = groupedRowsPerSeek ?? GROUPED_ROWS_PER_SEEK[db.dialect];
  if (rangeCalls <= perSeek * seeks && perApi.length <= MAX_LISTED_APIS) {
    const { rows } = await sql<SumRow & { api_id: string; k: string }>`select api_id, dim as k, ${sql.raw(SUM_SQL)}
      from ${table} where tenant_id = ${tenantId} and kind = ${kind} and api_id in (${sql.join(ids)})
        and bucket >= ${range.from} and bucket < ${range.to}
      group by api_id, dim order by sum(calls) desc, api_id, dim limit ${limit}`.execute(db.kysely);
    return rows.map((r) => ({ apiId: r.api_id, key: r.k, ...sumsOf(r) }));
  }
  const runningBefore = (end: number) => sql`coalesce((select d.cum_calls from ${table} d
      where d.tenant_id = ${tenantId} and d.kind = ${kind} and d.api_id = l.api_id and d.dim = l.dim
        and d.bucket < ${end} order by d.bucket desc limit 1), 0)`;
  // The total before `from` of a pair with a row in the first `window` buckets of the range is that first row's
  // total less its own calls (decision 093): read by the primary key with the API ids listed, grouped, joined by
  // hash. Only the pairs without a row there seek (coalesce evaluates the seek only for them). At the day grain
  // the seeks stay: the day index is small and stays cached, and a window there measured slower (decision 093).
  const buckets = Math.round((range.to - range.from) / range.grainMs);
  const modelled = src.grain === "hour" ? firstRowsWindow(pairs, rangeCalls, buckets, perSeek) : 0;
  const window = perApi.length > MAX_LISTED_APIS ? 0 : Math.min(buckets, forcedFirstRowsWindow ?? modelled);
  const firstRows =
    window > 0
      ? sql` left join (select api_id, dim, min(cum_calls - calls) as before from ${table}
          where tenant_id = ${tenantId} and kind = ${kind} and api_id in (${sql.join(ids)})
            and bucket >= ${range.from} and bucket < ${range.from + window * range.grainMs}
          group by api_id, dim) w on w.api_id = l.api_id and w.dim = l.dim`
      : sql``;
  const before = window > 0 ? sql`coalesce(w.before, ${runningBefore(range.from)})` : runningBefore(range.from);
  const { rows: ranked } = await sql<{ api_id: string; k: string; c: string | number }>`select l.api_id, l.dim as k,
      case when l.bucket < ${range.to} then l.cum_calls else ${runningBefore(range.to)} end - ${before} as c
    from ${latest} l${firstRows} where l.tenant_id = ${tenantId} and l.kind = ${kind}
      ${scope.apiIds ? sql`and l.api_id in (${sql.join(scope.apiIds)})` : sql``} and l.bucket >= ${range.from}
    order by c desc, l.api_id, l.dim limit ${limit}`.execute(db.kysely);
  const winners = ranked.filter((r) => Number(r.c) > 0);
  if (winners.length === 0) return [];
  const winnerPairs = sql.join(
    winners.map((w) => sql`(api_id = ${w.api_id} and dim = ${w.k})`),
    sql` or `,
  );
  const { rows } = await sql<SumRow & { api_id: string; k: string }>`select api_id, dim as k, ${sql.raw(SUM_SQL)}
    from ${table} where tenant_id = ${tenantId} and kind = ${kind} and (${winnerPairs})
      and bucket >= ${range.from} and bucket < ${range.to}
    group by api_id, dim`.execute(db.kysely);
  const sums = new Map(rows.map((r) => [`${r.api_id}|${r.k}`, sumsOf(r)]));
  return winners.map((w) => ({ apiId: w.api_id, key: w.k, ...(sums.get(`${w.api_id}|${w.k}`) ?? sumsOf({})) }));
}
