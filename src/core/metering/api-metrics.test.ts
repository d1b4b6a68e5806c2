import { describe, expect, it } from "vitest";
import { computeApiMetrics, medianLatencyMs, successPercent, type UsageWindow } from "./api-metrics";
import { LATENCY_BUCKET_BOUNDS_US } from "./usage.types";

function window(partial: Partial<UsageWindow> & { at?: Record<number, number> }): UsageWindow {
  const buckets = LATENCY_BUCKET_BOUNDS_US.map(() => 0);
  for (const [i, n] of Object.entries(partial.at ?? {})) buckets[Number(i)] = n;
  return { calls: 0, rejected: 0, errors5xx: 0, latencyBuckets: buckets, ...partial };
}

describe("measured API metrics", () => {
  it("takes the median of served calls, leaving the gateway's fast rejections out", () => {
    // 10 rejections answered in ≤250 µs, 10 served calls in the 100–250 ms bucket.
    const w = window({ calls: 20, rejected: 10, at: { 0: 10, 9: 10 } });
    expect(medianLatencyMs(w)).toBe(175);
    expect(medianLatencyMs(window({}))).toBeNull();
    // The open last bucket reports its lower bound (5 s).
    expect(medianLatencyMs(window({ calls: 1, at: { 13: 1 } }))).toBe(5000);
  });

  it("counts 5xx answers of served calls against the service level", () => {
    expect(successPercent(window({ calls: 1000, rejected: 200, errors5xx: 8 }))).toBe(99);
    expect(successPercent(window({ calls: 5, rejected: 5 }))).toBeNull();
  });

  it("scores popularity from followers, subscribers and calls, capped at 10", () => {
    const none = computeApiMetrics({ month: window({}), day: window({}), followers: 0, subscribers: 0 });
    expect(none).toEqual({ latencyMs: null, serviceLevel: null, healthCheck: null, popularity: 0 });
    const some = computeApiMetrics({ month: window({}), day: window({}), followers: 99, subscribers: 9 });
    expect(some.popularity).toBe(6);
    const huge = computeApiMetrics({
      month: window({ calls: 1e9 }),
      day: window({}),
      followers: 1e6,
      subscribers: 1e4,
    });
    expect(huge.popularity).toBe(10);
  });
});
