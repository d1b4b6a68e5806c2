import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LATENCY_BUCKET_BOUNDS_US, latencyBucket, percentileFromBuckets, type UsageRecord } from "./usage.types";
import { isRejection, rollUp } from "./usage-rollup";

describe("latency histogram", () => {
  it("puts every latency in the first bucket whose bound holds it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (us) => {
        const i = latencyBucket(us);
        expect(us).toBeLessThanOrEqual(LATENCY_BUCKET_BOUNDS_US[i] ?? Number.POSITIVE_INFINITY);
        if (i > 0) expect(us).toBeGreaterThan(LATENCY_BUCKET_BOUNDS_US[i - 1] ?? 0);
      }),
    );
  });

  it("estimates percentiles inside the right bucket", () => {
    const counts = new Array(14).fill(0);
    counts[2] = 90; // 500..1000 µs
    counts[6] = 10; // 10..25 ms
    expect(percentileFromBuckets(counts, 50)).toBeGreaterThan(500);
    expect(percentileFromBuckets(counts, 50)).toBeLessThanOrEqual(1000);
    expect(percentileFromBuckets(counts, 95)).toBeGreaterThan(10_000);
    expect(percentileFromBuckets(new Array(14).fill(0), 50)).toBeNull();
  });
});

describe("rollUp", () => {
  const base: UsageRecord = {
    tenantId: "t",
    apiId: "a",
    endpoint: null,
    appId: null,
    keyId: null,
    planId: null,
    subscriptionId: null,
    status: 401,
    reason: "no_key",
    billable: false,
    latencyUs: 50,
    bytesIn: 0,
    bytesOut: 60,
    at: 120_500,
  };

  it("keeps calls without app or endpoint under empty keys and skips calls without an API", () => {
    const rows = rollUp([base, { ...base, apiId: null }]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: "", app_id: "", minute: 120_000, calls: 1, rejected: 1, errors_4xx: 1 });
  });

  it("classifies rejections apart from upstream failures and aborts", () => {
    expect(isRejection({ reason: "quota_exceeded" })).toBe(true);
    expect(isRejection({ reason: "upstream_timeout" })).toBe(false);
    expect(isRejection({ reason: "client_aborted" })).toBe(false);
    expect(isRejection({ reason: "ok" })).toBe(false);
  });
});
