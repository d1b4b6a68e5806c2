import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createGatewayFixture, type GatewayFixture } from "../../../tests/factories/gateway";
import { writeUsageBatch } from "../metering/metering.queries";
import type { UsageRecord } from "../metering/usage.types";
import type { ResolvedScope } from "./analytics.service";
import { buildDashboard } from "./analytics.service";
import { foldUsageRollups } from "./analytics-jobs.service";
import { firstRowsWindow, setFirstRowsWindow, setGroupedRowsPerSeek } from "./rollups.queries";

/*
 * Every way a top list is read (decisions 091–093: grouped rows, one seek per pair, the first rows of a window after
 * the range's start with seeks for the pairs it misses) must rank exactly what a naive count of the raw calls ranks:
 * uneven pseudo-random calls of 3 APIs × 14 apps × 3 endpoints over 4 days, ranges at the hour and the day grain,
 * ending now and in the past, on both engines.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = Date.UTC(2026, 9, 1);
const NOW = START + 4 * DAY - 1;

describeEachDialect("analytics top lists against a naive count of the calls", ({ db }) => {
  let f: GatewayFixture;
  const records: UsageRecord[] = [];

  beforeAll(async () => {
    f = await createGatewayFixture(db(), { upstreamUrl: "http://127.0.0.1:9" });
    const apis = [f.api.id, "api-b", "api-c"];
    // A fixed linear congruential sequence: uneven, gappy traffic, the same on every run.
    let seed = 12_345;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 1_500; i++) {
      const app = `app-${String(next(14)).padStart(2, "0")}`;
      // Skewed: low app numbers call more, and some hours are quiet for everyone.
      const hour = next(96);
      if (hour % 7 === 3 && next(3) > 0) continue;
      records.push({
        tenantId: f.tenantId,
        apiId: apis[next(3)] ?? f.api.id,
        endpoint: `GET /e${next(3)}`,
        appId: next(2) === 0 ? app : `app-${String(next(4)).padStart(2, "0")}`,
        keyId: `key-${app}`,
        planId: f.plan.id,
        subscriptionId: `sub-${app}`,
        status: next(10) === 0 ? 500 : 200,
        reason: "ok",
        billable: true,
        latencyUs: 1_000 + next(5_000),
        bytesIn: 0,
        bytesOut: 10,
        at: START + hour * HOUR + next(3_600) * 1_000,
        requestId: `r-${i}`,
      });
    }
    await writeUsageBatch(db(), records);
    await foldUsageRollups(db(), { now: NOW });
  });

  afterEach(() => {
    setGroupedRowsPerSeek(null);
    setFirstRowsWindow(null);
  });

  /** The top ten by calls, ties by API then key, counted from the records themselves. */
  function naive(from: number, to: number, key: "appId" | "endpoint", apiIds: string[] | null) {
    const counts = new Map<string, number>();
    for (const r of records) {
      if (r.at < from || r.at >= to || (apiIds && !apiIds.includes(r.apiId ?? ""))) continue;
      const k = `${r.apiId}\u0000${r[key]}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return [...counts.entries()]
      .map(([k, n]) => [...k.split("\u0000"), n] as [string, string, number])
      .sort((a, b) => b[2] - a[2] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
      .slice(0, 10);
  }

  const ranges: Array<[string, number, number]> = [
    ["the last 24 hours (hour grain, ending now)", NOW - DAY + 1, NOW],
    ["the last 7 days (hour grain, ending now)", NOW - 7 * DAY + 1, NOW],
    ["hours 30 to 70 (hour grain, in the past)", START + 30 * HOUR, START + 70 * HOUR],
    ["hours 5 to 41 (hour grain, in the past)", START + 5 * HOUR, START + 41 * HOUR],
    ["days 1 to 4 and before (day grain)", START - 10 * DAY, NOW],
    ["days 1 to 3 (day grain, in the past)", START - 8 * DAY, START + 3 * DAY],
  ];
  // [name, rows a seek is worth (0: never group), the window in buckets (null: the cost model's)].
  const paths: Array<[string, number, number | null]> = [
    ["grouped rows", 1_000_000, null],
    ["seeks only", 0, 0],
    ["a window of one bucket and seeks", 0, 1],
    ["a window of five buckets and seeks", 0, 5],
    ["a window of the whole range", 0, 10_000],
    ["the cost model's window", 6, null],
  ];

  for (const [pathName, rowsPerSeek, window] of paths) {
    describe(pathName, () => {
      for (const [rangeName, from, to] of ranges) {
        it(`ranks ${rangeName} as the raw calls do, for the tenant admin and a provider`, async () => {
          setGroupedRowsPerSeek(rowsPerSeek);
          setFirstRowsWindow(window);
          const scopes: Array<[ResolvedScope, string[] | null]> = [
            [{ audience: "admin", scope: { apiIds: null, appIds: null }, apis: [] }, null],
            [
              { audience: "provider", scope: { apiIds: [f.api.id, "api-c"], appIds: null }, apis: [] },
              [f.api.id, "api-c"],
            ],
          ];
          for (const [scope, apiIds] of scopes) {
            const d = await buildDashboard(db(), f.tenantId, scope, { preset: "custom", from, to }, NOW);
            expect(d.range.grainMs).toBe(to - from > 8 * DAY ? DAY : HOUR);
            expect(d.topConsumers.map((c) => [c.apiId, c.appId, c.calls])).toEqual(
              naive(d.range.from, d.range.to, "appId", apiIds),
            );
            expect(d.topEndpoints.map((e) => [e.apiId, e.endpoint, e.calls])).toEqual(
              naive(d.range.from, d.range.to, "endpoint", apiIds),
            );
          }
        });
      }
    });
  }
});

describe("firstRowsWindow", () => {
  it("reads no window when a seek costs no more than a row, or there is nothing to read", () => {
    expect(firstRowsWindow(10_000, 233_000, 168, 1)).toBe(0);
    // A seek worth one row: a one-bucket window ties with the seeks (SQLite keeps its seeks).
    for (const calls of [33_000, 333_000, 2_330_000, 100_000_000])
      expect(firstRowsWindow(10_000, calls, 24, 1)).toBe(0);
    expect(firstRowsWindow(0, 10, 168, 6)).toBe(0);
    expect(firstRowsWindow(10, 0, 168, 6)).toBe(0);
  });

  it("reads fewer buckets the busier each pair is, and never more than the range", () => {
    // 1 million calls a month over 10,000 pairs (a week at the hour grain), then 10 million.
    const sparse = firstRowsWindow(10_000, 233_000, 168, 6);
    const busy = firstRowsWindow(10_000, 2_330_000, 168, 6);
    expect(sparse).toBe(13);
    expect(busy).toBe(2);
    // Half a call per pair and bucket over two buckets: the best window (4 buckets) is longer than the range.
    expect(firstRowsWindow(100, 100, 2, 6)).toBe(2);
    // A near-idle range: even the whole range leaves most pairs to seek, no clear gain.
    expect(firstRowsWindow(10, 1, 24, 6)).toBe(0);
  });
});
