import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/connection";
import type { AnalyticsScope } from "./rollups.queries";

/*
 * The request log is usage_records (one row per call, batched by the gateway's metering flush) with its series
 * (usage_series: api, endpoint, app, key, plan). It holds no bodies, headers, paths or secrets: the endpoint is the
 * matched template ("GET /users/{id}"), the key is its id.
 */

export interface LogFilter {
  from: number;
  to: number;
  /** Exact status, or a class: [min, max). */
  status: { min: number; max: number } | null;
  endpoint: string | null;
  requestId: string | null;
  /** Rows strictly older than this (the next page). */
  before: number | null;
}

export interface LogRow {
  requestId: string | null;
  at: number;
  apiId: string;
  apiName: string | null;
  endpoint: string;
  appId: string;
  appName: string | null;
  keyId: string;
  planId: string;
  planName: string | null;
  status: number;
  reason: string;
  billable: boolean;
  latencyUs: number;
  bytesIn: number;
  bytesOut: number;
}

type RawLogRow = {
  request_id: string | null;
  created_at: string | number;
  api_id: string;
  api_name: string | null;
  endpoint: string;
  app_id: string;
  app_name: string | null;
  key_id: string;
  plan_id: string;
  plan_name: string | null;
  status: string | number;
  reason: string;
  billable: string | number;
  latency_us: string | number;
  bytes_in: string | number;
  bytes_out: string | number;
};

function seriesWhere(tenantId: string, scope: AnalyticsScope, endpoint: string | null) {
  const parts: RawBuilder<unknown>[] = [sql`s.tenant_id = ${tenantId}`];
  if (scope.apiIds) parts.push(sql`s.api_id in (${sql.join(scope.apiIds)})`);
  if (scope.appIds) parts.push(sql`s.app_id in (${sql.join(scope.appIds)})`);
  if (endpoint !== null) parts.push(sql`s.endpoint = ${endpoint}`);
  return parts;
}

/**
 * The calls of the scope's series that match `recordParts` (conditions on `r`), as rows `r` joined to their series
 * `s`; `inner` is appended inside the per-series read on PostgreSQL (an order and limit). Decision 091: when the scope
 * holds thousands of series (a provider's ten APIs: 3,000), PostgreSQL's statistics make it hash-join a sequential
 * scan of the whole log, which grows with the log's retention rather than with the range. A LATERAL read per series
 * (OFFSET 0 keeps the planner from flattening it back into that join) walks the (series_id, created_at) index
 * instead. SQLite already loops over the series by that index and has no LATERAL.
 */
function recordsOfSeries(
  db: Db,
  seriesParts: RawBuilder<unknown>[],
  recordParts: RawBuilder<unknown>[],
  columns: RawBuilder<unknown>,
  inner: RawBuilder<unknown> = sql``,
) {
  if (db.dialect === "sqlite") {
    return sql`from usage_records r join usage_series s on s.id = r.series_id
      where ${sql.join([...seriesParts, ...recordParts], sql` and `)}`;
  }
  return sql`from usage_series s cross join lateral (select ${columns} from usage_records r
      where ${sql.join([sql`r.series_id = s.id`, ...recordParts], sql` and `)}${inner} offset 0) r
    where ${sql.join(seriesParts, sql` and `)}`;
}

const LOG_COLUMNS = sql`r.request_id, r.created_at, r.status, r.reason, r.billable, r.latency_us, r.bytes_in,
  r.bytes_out`;

/** Newest first, `limit` rows. */
export async function selectLogRows(
  db: Db,
  tenantId: string,
  scope: AnalyticsScope,
  filter: LogFilter,
  limit: number,
): Promise<LogRow[]> {
  const records: RawBuilder<unknown>[] = [sql`r.created_at >= ${filter.from}`, sql`r.created_at < ${filter.to}`];
  if (filter.before !== null) records.push(sql`r.created_at < ${filter.before}`);
  if (filter.status) records.push(sql`r.status >= ${filter.status.min}`, sql`r.status < ${filter.status.max}`);
  if (filter.requestId !== null) records.push(sql`r.request_id = ${filter.requestId}`);
  const from = recordsOfSeries(
    db,
    seriesWhere(tenantId, scope, filter.endpoint),
    records,
    LOG_COLUMNS,
    // Each series gives at most a page of its newest rows: the page is among them.
    sql` order by r.created_at desc limit ${limit}`,
  );
  // The page is chosen first and only its rows get their API, app and plan names: joined before the limit, PostgreSQL
  // looked the names up for every call of the range (3,000+ for ten APIs' day) and sorted them after (decision 091).
  const { rows } = await sql<RawLogRow>`select x.request_id, x.created_at, x.api_id, a.name as api_name, x.endpoint,
      x.app_id, ap.name as app_name, x.key_id, x.plan_id, p.name as plan_name, x.status, x.reason, x.billable,
      x.latency_us, x.bytes_in, x.bytes_out
    from (select ${LOG_COLUMNS}, s.tenant_id, s.api_id, s.endpoint, s.app_id, s.key_id, s.plan_id ${from}
      order by r.created_at desc limit ${limit}) x
    left join apis a on a.id = x.api_id and a.tenant_id = x.tenant_id
    left join apps ap on ap.id = x.app_id and ap.tenant_id = x.tenant_id
    left join plans p on p.id = x.plan_id and p.tenant_id = x.tenant_id
    order by x.created_at desc`.execute(db.kysely);
  return rows.map((r) => ({
    requestId: r.request_id,
    at: Number(r.created_at),
    apiId: r.api_id,
    apiName: r.api_name,
    endpoint: r.endpoint,
    appId: r.app_id,
    appName: r.app_name,
    keyId: r.key_id,
    planId: r.plan_id,
    planName: r.plan_name,
    status: Number(r.status),
    reason: r.reason,
    billable: Number(r.billable) === 1,
    latencyUs: Number(r.latency_us),
    bytesIn: Number(r.bytes_in),
    bytesOut: Number(r.bytes_out),
  }));
}

/**
 * The latencies (µs) of the range's calls, at most `limit` + 1 of them (more means "too many to rank here"). One read
 * per period: the caller sorts and takes the nearest ranks (exact on both engines; SQLite has no percentile function).
 */
export async function selectLatencies(
  db: Db,
  tenantId: string,
  scope: AnalyticsScope,
  from: number,
  to: number,
  limit: number,
): Promise<number[]> {
  const records = recordsOfSeries(
    db,
    seriesWhere(tenantId, scope, null),
    [sql`r.created_at >= ${from}`, sql`r.created_at < ${to}`],
    sql`r.latency_us`,
  );
  const { rows } = await sql<{ v: string | number }>`select r.latency_us as v ${records} limit ${limit + 1}`.execute(
    db.kysely,
  );
  return rows.map((r) => Number(r.v));
}
