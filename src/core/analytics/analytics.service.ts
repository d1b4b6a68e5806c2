import type { Db } from "../../db/connection";
import { assertTenantAdmin, requireViewer } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import { requireManageableApp } from "../apps/apps.policy";
import { assertCanManageApi } from "../plans/plans.policy";
import { periodStart } from "../plans/quota-period";
import type { UseCaseContext } from "../use-case-context";
import type { AnalyticsDashboard, LatencyPercentiles, QuotaUse } from "./analytics.types";
import { type AnalyticsRange, bucketStarts, previousRange, type RangeInput, resolveRange } from "./analytics-range";
import {
  selectApiNames,
  selectAppNames,
  selectOwnedApis,
  selectPaidLines,
  selectPlanCounters,
  selectPlansOfApps,
  selectQuotaSubscriptions,
} from "./billing-analytics.queries";
import { errorRate, histogramMs, nearestRank, pointsOf, revenueOf, totalsOf } from "./dashboard-parts";
import { selectLatencies } from "./request-log.queries";
import { type AnalyticsScope, isEmptyScope, selectBuckets, selectTop, selectTotals } from "./rollups.queries";

/*
 * Analytics use cases (docs/decisions/090-analytics.md): who may see what is decided here, once. A provider sees the
 * APIs they manage (one, or all they own); a consumer one of their apps (optionally one API of it); a tenant admin
 * the whole tenant. Every number comes from the rollups of real calls and the billing tables.
 */

/**
 * Above this many calls in a range, percentiles come from the histograms instead of sorting every call (one read of
 * the raw log's latencies per period: cheap for an API's or an app's hour or day, not for a busy month).
 */
export const EXACT_PERCENTILE_LIMIT = 20_000;

export type AnalyticsAudience = "provider" | "consumer" | "admin";

export interface ResolvedScope {
  audience: AnalyticsAudience;
  scope: AnalyticsScope;
  /** The provider's APIs in view (names for pickers); empty for others. */
  apis: Array<{ id: string; name: string }>;
}

/** The provider's scope: one API they manage, or every API they own. A foreign API is NOT_FOUND/FORBIDDEN. */
export async function providerScope(ctx: UseCaseContext, apiId: string | null): Promise<ResolvedScope> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const owned = await selectOwnedApis(db, tenantId, v.id);
  if (apiId) {
    await assertCanManageApi(db, tenantId, v.id, apiId);
    const names = await selectApiNames(db, tenantId, [apiId]);
    const apis = owned.some((a) => a.id === apiId) ? owned : [...owned, { id: apiId, name: names.get(apiId) ?? "" }];
    return { audience: "provider", scope: { apiIds: [apiId], appIds: null }, apis };
  }
  return { audience: "provider", scope: { apiIds: owned.map((a) => a.id), appIds: null }, apis: owned };
}

/** The consumer's scope: one app they manage (a foreign one is NOT_FOUND/FORBIDDEN), optionally one API of it. */
export async function consumerScope(ctx: UseCaseContext, appId: string, apiId: string | null): Promise<ResolvedScope> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  await requireManageableApp(db, tenantId, v.id, appId);
  return { audience: "consumer", scope: { apiIds: apiId ? [apiId] : null, appIds: [appId] }, apis: [] };
}

export function adminScope(tenantId: string, viewer: Viewer | null): ResolvedScope {
  assertTenantAdmin(viewer, tenantId);
  return { audience: "admin", scope: { apiIds: null, appIds: null }, apis: [] };
}

/** Exact nearest-rank percentiles over the raw log when it holds the whole range and is small enough. */
export async function percentilesOf(
  db: Db,
  tenantId: string,
  scope: AnalyticsScope,
  range: Pick<AnalyticsRange, "from" | "to">,
  rollupCalls: number,
  buckets: readonly number[],
): Promise<LatencyPercentiles> {
  const estimated = {
    p50Ms: histogramMs(buckets, 50),
    p95Ms: histogramMs(buckets, 95),
    p99Ms: histogramMs(buckets, 99),
    exact: false,
  };
  if (rollupCalls === 0) return { ...estimated, exact: true };
  // The tenant-wide view has no series filter to reach the raw log by index: it reads the histograms.
  const unfiltered = scope.apiIds === null && scope.appIds === null;
  if (rollupCalls > EXACT_PERCENTILE_LIMIT || isEmptyScope(scope) || unfiltered) return estimated;
  const latencies = await selectLatencies(db, tenantId, scope, range.from, range.to, EXACT_PERCENTILE_LIMIT);
  // The raw log is shorter than the rollups (retention) or still behind them: estimate rather than mislead.
  if (latencies.length !== rollupCalls) return estimated;
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  const [p50, p95, p99] = [50, 95, 99].map((p) => latencies[nearestRank(n, p)]);
  const toMs = (us: number | undefined) => (us === undefined ? null : Math.round(us / 10) / 100);
  return { p50Ms: toMs(p50), p95Ms: toMs(p95), p99Ms: toMs(p99), exact: true };
}

async function quotaOf(db: Db, tenantId: string, scope: ResolvedScope, now: number): Promise<QuotaUse[]> {
  const subs = await selectQuotaSubscriptions(db, tenantId, scope.scope);
  const starts = subs.map((s) => ({
    subscriptionId: s.subscriptionId,
    periodStart: periodStart(s.quotaPeriod as Parameters<typeof periodStart>[0], now),
  }));
  const counts = await selectPlanCounters(db, tenantId, starts);
  const apiNames = await selectApiNames(db, tenantId, [...new Set(subs.map((s) => s.apiId))]);
  const byPlan = new Map<string, QuotaUse>();
  for (const s of subs) {
    const used = counts.get(s.subscriptionId) ?? 0;
    const key = scope.audience === "consumer" ? s.subscriptionId : s.planId;
    let row = byPlan.get(key);
    if (!row) {
      row = {
        planId: s.planId,
        planName: s.planName,
        apiName: apiNames.get(s.apiId) ?? "",
        subscriptions: 0,
        quota: s.quota,
        quotaPeriod: s.quotaPeriod,
        used: 0,
        remaining: null,
        overage: 0,
      };
      byPlan.set(key, row);
    }
    row.subscriptions += 1;
    row.used += used;
    if (s.quota !== null) row.overage += Math.max(0, used - s.quota);
  }
  for (const row of byPlan.values()) {
    if (row.subscriptions === 1 && row.quota !== null) row.remaining = Math.max(0, row.quota - row.used);
  }
  return [...byPlan.values()];
}

/** The dashboard of a resolved scope over a range, with the previous period beside it. */
export async function buildDashboard(
  db: Db,
  tenantId: string,
  resolved: ResolvedScope,
  rangeInput: RangeInput,
  now = Date.now(),
): Promise<AnalyticsDashboard> {
  const range = resolveRange(rangeInput, now);
  const before = previousRange(range);
  const { scope } = resolved;
  const [rows, sums, previousSums, endpoints, consumers, quota, lines] = await Promise.all([
    selectBuckets(db, tenantId, scope, range),
    selectTotals(db, tenantId, scope, range),
    selectTotals(db, tenantId, scope, before),
    selectTop(db, tenantId, scope, range, "endpoint"),
    resolved.audience === "consumer" ? Promise.resolve([]) : selectTop(db, tenantId, scope, range, "app_id"),
    quotaOf(db, tenantId, resolved, now),
    selectPaidLines(db, tenantId, scope, range.from, range.to),
  ]);
  const [percentiles, previousPercentiles] = await Promise.all([
    percentilesOf(db, tenantId, scope, range, sums.calls, sums.latencyBuckets),
    percentilesOf(db, tenantId, scope, before, previousSums.calls, previousSums.latencyBuckets),
  ]);
  const apiIds = [...new Set([...endpoints, ...consumers].map((r) => r.apiId))];
  const appIds = consumers.map((c) => c.key).filter((id) => id !== "");
  const [apiNames, appNames, plans] = await Promise.all([
    selectApiNames(db, tenantId, apiIds),
    selectAppNames(db, tenantId, appIds),
    selectPlansOfApps(db, tenantId, appIds),
  ]);
  return {
    range: { preset: range.preset, from: range.from, to: range.to, grainMs: range.grainMs },
    totals: totalsOf(sums),
    previous: totalsOf(previousSums),
    percentiles,
    previousPercentiles,
    series: pointsOf(bucketStarts(range), rows),
    topEndpoints: endpoints.map((e) => ({
      apiId: e.apiId,
      apiName: apiNames.get(e.apiId) ?? "",
      endpoint: e.key,
      calls: e.calls,
      errorRate: errorRate(e.calls, e.errors4xx + e.errors5xx),
      p95Ms: histogramMs(e.latencyBuckets, 95),
    })),
    topConsumers: consumers.map((c) => ({
      apiId: c.apiId,
      apiName: apiNames.get(c.apiId) ?? "",
      appId: c.key,
      appName: appNames.get(c.key)?.name ?? "",
      organization: appNames.get(c.key)?.organization ?? null,
      plan: plans.get(`${c.key}|${c.apiId}`) ?? null,
      calls: c.calls,
      errorRate: errorRate(c.calls, c.errors4xx + c.errors5xx),
    })),
    quota,
    revenue: revenueOf(lines),
  };
}

/** The provider's dashboard: one API they manage, or all they own. */
export async function providerAnalytics(
  ctx: UseCaseContext,
  input: { apiId?: string | null; range: RangeInput },
  now = Date.now(),
) {
  const { db, tenantId } = ctx;
  const resolved = await providerScope(ctx, input.apiId ?? null);
  return { apis: resolved.apis, dashboard: await buildDashboard(db, tenantId, resolved, input.range, now) };
}

/** The consumer's dashboard: one of their apps, optionally one API it calls. */
export async function consumerAnalytics(
  ctx: UseCaseContext,
  input: { appId: string; apiId?: string | null; range: RangeInput },
  now = Date.now(),
) {
  const { db, tenantId } = ctx;
  const resolved = await consumerScope(ctx, input.appId, input.apiId ?? null);
  return buildDashboard(db, tenantId, resolved, input.range, now);
}

/** The tenant admin's dashboard: every call and invoice of the tenant. */
export async function tenantAnalytics(ctx: UseCaseContext, input: { range: RangeInput }, now = Date.now()) {
  const { db, tenantId, viewer } = ctx;
  return buildDashboard(db, tenantId, adminScope(tenantId, viewer), input.range, now);
}
