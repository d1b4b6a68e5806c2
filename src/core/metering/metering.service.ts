import type { Db } from "../../db/connection";
import { requireViewer } from "../accounts/accounts.policy";
import { requireManageableApp } from "../apps/apps.policy";
import { AppError } from "../errors/app-error";
import { assertCanManageApi } from "../plans/plans.policy";
import type { UseCaseContext } from "../use-case-context";
import { selectRollups, type UsageFilter } from "./metering.queries";
import { LATENCY_BUCKET_COLUMNS, percentileFromBuckets, type UsageMinute } from "./usage.types";

export interface UsageSummary {
  calls: number;
  billable: number;
  rejected: number;
  errors4xx: number;
  errors5xx: number;
  bytesIn: number;
  bytesOut: number;
  p50Us: number | null;
  p95Us: number | null;
  p99Us: number | null;
  /** Per minute (all endpoints and apps of the filter summed), oldest first. */
  series: Array<{ minute: number; calls: number; errors: number; billable: number }>;
  /** The raw rows: per minute, per (api, endpoint, app). */
  minutes: UsageMinute[];
}

const MAX_RANGE_MS = 93 * 86_400_000;

/** Volume, errors, latency percentiles and billable calls for one API or app over [from, to). */
export async function summarizeUsage(db: Db, tenantId: string, filter: UsageFilter): Promise<UsageSummary> {
  if (!(filter.to > filter.from) || filter.to - filter.from > MAX_RANGE_MS) {
    throw new AppError("BAD_REQUEST", "The range must be positive and at most 93 days");
  }
  const rows = await selectRollups(db, tenantId, filter);
  const buckets = new Array<number>(LATENCY_BUCKET_COLUMNS.length).fill(0);
  const series = new Map<number, { minute: number; calls: number; errors: number; billable: number }>();
  const summary: UsageSummary = {
    calls: 0,
    billable: 0,
    rejected: 0,
    errors4xx: 0,
    errors5xx: 0,
    bytesIn: 0,
    bytesOut: 0,
    p50Us: null,
    p95Us: null,
    p99Us: null,
    series: [],
    minutes: [],
  };
  for (const r of rows) {
    const latencyBuckets = LATENCY_BUCKET_COLUMNS.map((c) => Number(r[c]));
    latencyBuckets.forEach((n, i) => {
      buckets[i] = (buckets[i] ?? 0) + n;
    });
    const minute: UsageMinute = {
      apiId: r.api_id,
      endpoint: r.endpoint,
      appId: r.app_id,
      minute: Number(r.minute),
      calls: Number(r.calls),
      billable: Number(r.billable),
      rejected: Number(r.rejected),
      errors4xx: Number(r.errors_4xx),
      errors5xx: Number(r.errors_5xx),
      bytesIn: Number(r.bytes_in),
      bytesOut: Number(r.bytes_out),
      latencySumUs: Number(r.latency_sum_us),
      latencyBuckets,
    };
    summary.minutes.push(minute);
    summary.calls += minute.calls;
    summary.billable += minute.billable;
    summary.rejected += minute.rejected;
    summary.errors4xx += minute.errors4xx;
    summary.errors5xx += minute.errors5xx;
    summary.bytesIn += minute.bytesIn;
    summary.bytesOut += minute.bytesOut;
    const point = series.get(minute.minute) ?? { minute: minute.minute, calls: 0, errors: 0, billable: 0 };
    point.calls += minute.calls;
    point.errors += minute.errors4xx + minute.errors5xx;
    point.billable += minute.billable;
    series.set(minute.minute, point);
  }
  summary.p50Us = percentileFromBuckets(buckets, 50);
  summary.p95Us = percentileFromBuckets(buckets, 95);
  summary.p99Us = percentileFromBuckets(buckets, 99);
  summary.series = [...series.values()].sort((a, b) => a.minute - b.minute);
  return summary;
}

/** The consumer's view: usage of one of the viewer's apps. */
export async function summarizeAppUsage(
  ctx: UseCaseContext,
  appId: string,
  range: { from: number; to: number },
): Promise<UsageSummary> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  await requireManageableApp(db, tenantId, viewerId, appId);
  return summarizeUsage(db, tenantId, { appId, ...range });
}

/** The provider's view: usage of one of the viewer's APIs. */
export async function summarizeApiUsage(
  ctx: UseCaseContext,
  apiId: string,
  range: { from: number; to: number },
): Promise<UsageSummary> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  await assertCanManageApi(db, tenantId, viewerId, apiId);
  return summarizeUsage(db, tenantId, { apiId, ...range });
}
