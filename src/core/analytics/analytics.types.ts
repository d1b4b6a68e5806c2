import type { RangePreset } from "./analytics-range";

/** The numbers of a period (the range, or the one before it). */
export interface AnalyticsTotals {
  calls: number;
  /** 2xx and 3xx. */
  ok: number;
  errors4xx: number;
  errors5xx: number;
  /** (4xx + 5xx) / calls, percent with two decimals; null without calls. */
  errorRate: number | null;
  rejected: number;
  billable: number;
  bytesIn: number;
  bytesOut: number;
}

export interface AnalyticsPoint {
  /** Bucket start, epoch ms. */
  t: number;
  calls: number;
  ok: number;
  errors4xx: number;
  errors5xx: number;
  errorRate: number | null;
  /** From the bucket's latency histogram (interpolated inside the histogram bucket). */
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

export interface LatencyPercentiles {
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  /** true: nearest-rank over every call of the range; false: estimated from the rollups' latency histograms. */
  exact: boolean;
}

export interface TopEndpoint {
  apiId: string;
  apiName: string;
  endpoint: string;
  calls: number;
  errorRate: number | null;
  p95Ms: number | null;
}

export interface TopConsumer {
  apiId: string;
  apiName: string;
  appId: string;
  appName: string;
  organization: string | null;
  plan: string | null;
  calls: number;
  errorRate: number | null;
}

export interface QuotaUse {
  planId: string;
  planName: string;
  apiName: string;
  /** Subscriptions (live) on the plan; for a consumer: 1. */
  subscriptions: number;
  /** Per subscription and period; null: unlimited. */
  quota: number | null;
  quotaPeriod: string;
  /** Billed calls this period (the billing counter), summed over the subscriptions. */
  used: number;
  /** For one subscription: quota − used (never below 0); null when unlimited or summed over several. */
  remaining: number | null;
  /** Calls above the quota this period, summed over the subscriptions. */
  overage: number;
}

export interface MoneyTotals {
  currency: string;
  /** Subscription and proration lines. */
  chargesMinor: number;
  overageMinor: number;
  /** Credits (negative lines): proration credits and refunds on invoices. */
  creditsMinor: number;
  netMinor: number;
}

export interface Revenue {
  totals: MoneyTotals[];
  byPlan: Array<MoneyTotals & { planId: string; planName: string }>;
  /** Days (UTC) of the range with paid invoices, oldest first. */
  byPeriod: Array<MoneyTotals & { periodStart: number }>;
}

export interface AnalyticsDashboard {
  range: { preset: RangePreset; from: number; to: number; grainMs: number };
  totals: AnalyticsTotals;
  previous: AnalyticsTotals;
  percentiles: LatencyPercentiles;
  previousPercentiles: LatencyPercentiles;
  series: AnalyticsPoint[];
  topEndpoints: TopEndpoint[];
  topConsumers: TopConsumer[];
  quota: QuotaUse[];
  revenue: Revenue;
}
