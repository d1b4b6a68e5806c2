import type { UsageRollupsTable } from "./gateway.tables";

/* Tables of migration 090-analytics (docs/decisions/090-analytics.md). */

/** An hour or day of one (api, endpoint, app): the minute rollups folded by the worker; `bucket` is its start. */
export type UsageRollupsGrainTable = Omit<UsageRollupsTable, "minute"> & { bucket: number };

/**
 * A projection of the hour or day rollups: the whole tenant ("tenant", api and dim ''), per API ("api", dim ''), per
 * API endpoint ("endpoint") or per API app ("app"). `cum_calls`: the pair's calls up to and including this bucket
 * (migration 091: top lists by difference).
 */
export type UsageRollupsDimTable = Omit<UsageRollupsGrainTable, "endpoint" | "app_id"> & {
  kind: "tenant" | "api" | "endpoint" | "app";
  dim: string;
  cum_calls: number;
};

/**
 * A projection pair's latest row (migration 092): the bucket of the pair's latest hour or day row and its running total
 * there, kept by the fold; top lists over ranges that end after it read the total here instead of seeking it.
 */
export interface UsageRollupsLatestTable {
  tenant_id: string;
  kind: UsageRollupsDimTable["kind"];
  api_id: string;
  dim: string;
  bucket: number;
  cum_calls: number;
}

export type AlertMetric = "error_rate" | "p95_ms";
export type AlertState = "ok" | "firing";

/** A provider's alert: error rate (percent) or p95 latency (ms) above `threshold` over the last `window_minutes`. */
export interface AnalyticsAlertsTable {
  id: string;
  tenant_id: string;
  owner_id: string;
  /** null: every API of the owner. */
  api_id: string | null;
  metric: AlertMetric;
  threshold: number;
  window_minutes: number;
  state: AlertState;
  /** The value at the last check (percent or ms), null without calls. */
  last_value: number | null;
  last_fired_at: number | null;
  checked_at: number | null;
  created_at: number;
}

export type AnalyticsTables = {
  usage_rollups_hour: UsageRollupsGrainTable;
  usage_rollups_day: UsageRollupsGrainTable;
  usage_rollups_hour_dim: UsageRollupsDimTable;
  usage_rollups_day_dim: UsageRollupsDimTable;
  usage_rollups_hour_latest: UsageRollupsLatestTable;
  usage_rollups_day_latest: UsageRollupsLatestTable;
  analytics_alerts: AnalyticsAlertsTable;
};
