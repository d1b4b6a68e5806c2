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

/** Newest first, `limit` rows. */
export async function selectLogRows(
  db: Db,
  tenantId: string,
  scope: AnalyticsScope,
  filter: LogFilter,
  limit: number,
): Promise<LogRow[]> {
  const parts = seriesWhere(tenantId, scope, filter.endpoint);
  parts.push(sql`r.created_at >= ${filter.from}`, sql`r.created_at < ${filter.to}`);
  if (filter.before !== null) parts.push(sql`r.created_at < ${filter.before}`);
  if (filter.status) parts.push(sql`r.status >= ${filter.status.min}`, sql`r.status < ${filter.status.max}`);
  if (filter.requestId !== null) parts.push(sql`r.request_id = ${filter.requestId}`);
  const { rows } = await sql<RawLogRow>`select r.request_id, r.created_at, s.api_id, a.name as api_name, s.endpoint,
      s.app_id, ap.name as app_name, s.key_id, s.plan_id, p.name as plan_name, r.status, r.reason, r.billable,
      r.latency_us, r.bytes_in, r.bytes_out
    from usage_records r
    join usage_series s on s.id = r.series_id
    left join apis a on a.id = s.api_id and a.tenant_id = s.tenant_id
    left join apps ap on ap.id = s.app_id and ap.tenant_id = s.tenant_id
    left join plans p on p.id = s.plan_id and p.tenant_id = s.tenant_id
    where ${sql.join(parts, sql` and `)}
    order by r.created_at desc limit ${limit}`.execute(db.kysely);
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
  const parts = seriesWhere(tenantId, scope, null);
  parts.push(sql`r.created_at >= ${from}`, sql`r.created_at < ${to}`);
  const { rows } = await sql<{ v: string | number }>`select r.latency_us as v from usage_records r
    join usage_series s on s.id = r.series_id where ${sql.join(parts, sql` and `)} limit ${limit + 1}`.execute(
    db.kysely,
  );
  return rows.map((r) => Number(r.v));
}
