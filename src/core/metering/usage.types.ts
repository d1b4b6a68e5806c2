/** Why a call ended the way it did: "ok" for proxied calls, else the gateway's rejection or failure reason. */
export type UsageReason =
  | "ok"
  | "mock"
  | "no_key"
  | "invalid_key"
  | "unknown_api"
  | "not_subscribed"
  | "pending_approval"
  | "access_rejected"
  | "suspended"
  | "rate_limited"
  | "quota_exceeded"
  | "payload_too_large"
  | "upstream_unreachable"
  | "upstream_timeout"
  | "upstream_refused"
  | "client_aborted"
  | "unavailable";

/** One call through the gateway, as metering records it. */
export interface UsageRecord {
  tenantId: string;
  apiId: string | null;
  /** "METHOD /template" of the matched endpoint, or null. */
  endpoint: string | null;
  appId: string | null;
  keyId: string | null;
  planId: string | null;
  subscriptionId: string | null;
  /** HTTP status answered (499 when the client went away first). */
  status: number;
  reason: UsageReason;
  /** 1 when the call counted on the billing counter. */
  billable: boolean;
  latencyUs: number;
  bytesIn: number;
  bytesOut: number;
  /** Epoch ms when the call arrived. */
  at: number;
  /** The X-Request-Id the gateway answered (the request log's id); absent in records made outside the gateway. */
  requestId?: string;
}

/** Upper bounds (µs) of the latency histogram buckets of usage_rollups.lat_b00 .. lat_b13; the last is open. */
export const LATENCY_BUCKET_BOUNDS_US = [
  250,
  500,
  1_000,
  2_500,
  5_000,
  10_000,
  25_000,
  50_000,
  100_000,
  250_000,
  500_000,
  1_000_000,
  5_000_000,
  Number.POSITIVE_INFINITY,
] as const;

export const LATENCY_BUCKET_COLUMNS = [
  "lat_b00",
  "lat_b01",
  "lat_b02",
  "lat_b03",
  "lat_b04",
  "lat_b05",
  "lat_b06",
  "lat_b07",
  "lat_b08",
  "lat_b09",
  "lat_b10",
  "lat_b11",
  "lat_b12",
  "lat_b13",
] as const;

/** The summed columns of every rollup table (minute, hour, day and their projections), in table order. */
export const ROLLUP_SUM_COLUMNS = [
  "calls",
  "billable",
  "rejected",
  "errors_4xx",
  "errors_5xx",
  "bytes_in",
  "bytes_out",
  "latency_sum_us",
  ...LATENCY_BUCKET_COLUMNS,
] as const;

export function latencyBucket(latencyUs: number): number {
  const i = LATENCY_BUCKET_BOUNDS_US.findIndex((bound) => latencyUs <= bound);
  return i < 0 ? LATENCY_BUCKET_BOUNDS_US.length - 1 : i;
}

/**
 * A latency percentile (µs) from histogram counts, interpolated linearly inside the bucket; the open last bucket
 * answers its lower bound. null without calls.
 */
export function percentileFromBuckets(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  let lower = 0;
  for (const [i, count] of counts.entries()) {
    const upper = LATENCY_BUCKET_BOUNDS_US[i] ?? Number.POSITIVE_INFINITY;
    if (count > 0 && seen + count >= rank) {
      if (!Number.isFinite(upper)) return lower;
      return Math.round(lower + ((upper - lower) * (rank - seen)) / count);
    }
    seen += count;
    if (Number.isFinite(upper)) lower = upper;
  }
  return lower;
}

/** One minute of one (api, endpoint, app). */
export interface UsageMinute {
  apiId: string;
  endpoint: string;
  appId: string;
  minute: number;
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
