import { describe, expect, it } from "vitest";
import type { AnalyticsDashboard } from "./analytics.types";
import { dashboardCsv } from "./analytics-csv";
import { errorRate, nearestRank, revenueOf } from "./dashboard-parts";

describe("dashboard parts", () => {
  it("takes the nearest rank (1-based ceil(p·n), here 0-based)", () => {
    expect(nearestRank(100, 50)).toBe(49);
    expect(nearestRank(100, 95)).toBe(94);
    expect(nearestRank(3, 50)).toBe(1);
    expect(nearestRank(1, 99)).toBe(0);
  });

  it("gives error rates in percent with two decimals, null without calls", () => {
    expect(errorRate(3, 1)).toBe(33.33);
    expect(errorRate(0, 0)).toBeNull();
  });

  it("sums paid lines into charges, overage and credits per currency, plan and day", () => {
    const day = Date.UTC(2026, 10, 20);
    const r = revenueOf([
      { kind: "subscription", amountMinor: 1900, currency: "USD", planId: "p1", planName: "Pro", paidAt: day + 5 },
      { kind: "overage", amountMinor: 120, currency: "USD", planId: "p1", planName: "Pro", paidAt: day + 6 },
      { kind: "credit", amountMinor: -500, currency: "USD", planId: "p1", planName: "Pro", paidAt: day + 7 },
    ]);
    expect(r.totals).toEqual([
      { currency: "USD", chargesMinor: 1900, overageMinor: 120, creditsMinor: -500, netMinor: 1520 },
    ]);
    expect(r.byPlan[0]).toMatchObject({ planName: "Pro", netMinor: 1520 });
    expect(r.byPeriod).toEqual([expect.objectContaining({ periodStart: day, netMinor: 1520 })]);
  });

  it("exports CSV with formula-looking names defused", () => {
    const empty = {
      calls: 0,
      ok: 0,
      errors4xx: 0,
      errors5xx: 0,
      errorRate: null,
      rejected: 0,
      billable: 0,
      bytesIn: 0,
      bytesOut: 0,
    };
    const p = { p50Ms: null, p95Ms: null, p99Ms: null, exact: true };
    const d: AnalyticsDashboard = {
      range: { preset: "1h", from: 0, to: 60_000, grainMs: 60_000 },
      totals: empty,
      previous: empty,
      percentiles: p,
      previousPercentiles: p,
      series: [],
      topEndpoints: [],
      topConsumers: [
        {
          apiId: "a",
          apiName: "API",
          appId: "x",
          appName: '=HYPERLINK("x")',
          organization: null,
          plan: null,
          calls: 1,
          errorRate: 0,
        },
      ],
      quota: [],
      revenue: { totals: [], byPlan: [], byPeriod: [] },
    };
    const csv = dashboardCsv(d);
    expect(csv).toContain(`"'=HYPERLINK(""x"") (API)"`);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("section,key,calls,ok,errors_4xx,errors_5xx,error_rate_pct,p50_ms,p95_ms,p99_ms,extra");
    // Every line has the header's eleven columns, each value under its own.
    expect(lines[1]).toBe("range,1970-01-01T00:00:00.000Z/1970-01-01T00:01:00.000Z,,,,,,,,,1h");
    expect(lines[2]).toBe("totals,exact,0,0,0,0,,,,,billable=0");
    expect(lines[4]).toBe(`top_consumer,"'=HYPERLINK(""x"") (API)",1,,,,0,,,,plan=`);
  });
});
