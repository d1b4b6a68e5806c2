import { LATENCY_BUCKET_BOUNDS_US } from "./usage.types";

/*
 * The About tab's metrics of a real (not demo) API, measured from the gateway's per-minute rollups (decision 051):
 * latency is the median of the calls the upstream answered, service level the share of them not answered 5xx over
 * 30 days, health check the same share over the last 24 hours, popularity a 0..10 score from followers, subscribers
 * and call volume.
 */

export interface UsageWindow {
  calls: number;
  /** Calls the gateway refused itself (key, plan, limits): no upstream involved. */
  rejected: number;
  errors5xx: number;
  /** Counts per LATENCY_BUCKET_BOUNDS_US bucket, rejected calls included (they sit in the lowest buckets). */
  latencyBuckets: number[];
}

export interface ApiMetrics {
  latencyMs: number | null;
  serviceLevel: number | null;
  healthCheck: number | null;
  popularity: number;
}

export const METRICS_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
export const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;

export function computeApiMetrics(input: {
  month: UsageWindow;
  day: UsageWindow;
  followers: number;
  subscribers: number;
}): ApiMetrics {
  const { month, day } = input;
  const popularity =
    2 * Math.log10(1 + Math.max(0, input.followers)) +
    2 * Math.log10(1 + Math.max(0, input.subscribers)) +
    Math.log10(1 + Math.max(0, month.calls - month.rejected));
  return {
    latencyMs: medianLatencyMs(month),
    serviceLevel: successPercent(month),
    healthCheck: successPercent(day),
    popularity: round1(Math.min(10, popularity)),
  };
}

/** Percent of served calls not answered 5xx; null without served calls. */
export function successPercent(window: UsageWindow): number | null {
  const served = window.calls - window.rejected;
  if (served <= 0) return null;
  const failed = Math.min(window.errors5xx, served);
  return round1((100 * (served - failed)) / served);
}

/**
 * Median latency (ms) of served calls from the histogram: rejected calls are taken out of the lowest buckets (the
 * gateway answers them in well under a millisecond), then the median is interpolated inside its bucket.
 */
export function medianLatencyMs(window: UsageWindow): number | null {
  const counts = window.latencyBuckets.map((n) => Math.max(0, n));
  let toDrop = Math.max(0, window.rejected);
  for (let i = 0; i < counts.length && toDrop > 0; i++) {
    const dropped = Math.min(counts[i] ?? 0, toDrop);
    counts[i] = (counts[i] ?? 0) - dropped;
    toDrop -= dropped;
  }
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const half = total / 2;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i] ?? 0;
    if (n > 0 && seen + n >= half) {
      const lower = i === 0 ? 0 : (LATENCY_BUCKET_BOUNDS_US[i - 1] ?? 0);
      const bound = LATENCY_BUCKET_BOUNDS_US[i] ?? Number.POSITIVE_INFINITY;
      // The open last bucket has no upper bound: report its lower bound.
      const upper = Number.isFinite(bound) ? bound : lower;
      const us = lower + ((upper - lower) * (half - seen)) / n;
      return Math.max(1, Math.round(us / 1000));
    }
    seen += n;
  }
  return null;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
