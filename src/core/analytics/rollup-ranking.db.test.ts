import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createGatewayFixture, type GatewayFixture } from "../../../tests/factories/gateway";
import { writeUsageBatch } from "../metering/metering.queries";
import type { UsageRecord } from "../metering/usage.types";
import type { ResolvedScope } from "./analytics.service";
import { buildDashboard } from "./analytics.service";
import { foldUsageRollups } from "./analytics-jobs.service";
import { setGroupedRowsPerSeek } from "./rollups.queries";

/*
 * Top lists over the hour and day projections come from running totals (decision 091): a range's calls per pair are
 * the difference of two running totals. Known calls over three days, ranked over ranges that start after the first
 * day (so the subtraction matters), must match the counts made by hand; folding again must not change them.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = Date.UTC(2026, 9, 1);
const NOW = START + 3 * DAY - 1;

describeEachDialect("analytics top lists from running totals", ({ db }) => {
  let f: GatewayFixture;
  let admin: ResolvedScope;
  let provider: ResolvedScope;

  function calls(appId: string, endpoint: string, day: number, n: number): UsageRecord[] {
    return Array.from({ length: n }, (_, i) => ({
      tenantId: f.tenantId,
      apiId: f.api.id,
      endpoint,
      appId,
      keyId: `key-${appId}`,
      planId: f.plan.id,
      subscriptionId: `sub-${appId}`,
      status: i === 0 && appId === "app-c" ? 500 : 200,
      reason: "ok",
      billable: true,
      latencyUs: 2_000,
      bytesIn: 0,
      bytesOut: 10,
      // Spread over the day's hours so several hour rows per pair exist.
      at: START + day * DAY + ((i * 5) % 24) * HOUR + 1_000,
      requestId: `${appId}-${day}-${i}`,
    }));
  }

  beforeAll(async () => {
    f = await createGatewayFixture(db(), { upstreamUrl: "http://127.0.0.1:9" });
    await writeUsageBatch(db(), [
      ...calls("app-a", "GET /a", 0, 5),
      ...calls("app-b", "GET /b", 1, 3),
      ...calls("app-c", "GET /a", 1, 2),
      ...calls("app-a", "GET /b", 2, 1),
      ...calls("app-c", "GET /a", 2, 4),
    ]);
    await foldUsageRollups(db(), { now: NOW });
    admin = { audience: "admin", scope: { apiIds: null, appIds: null }, apis: [] };
    provider = { audience: "provider", scope: { apiIds: [f.api.id], appIds: null }, apis: [] };
  });

  const ranking = async (scope: ResolvedScope, from: number, to: number) => {
    const d = await buildDashboard(db(), f.tenantId, scope, { preset: "custom", from, to }, NOW);
    return {
      consumers: d.topConsumers.map((c) => [c.appId, c.calls]),
      endpoints: d.topEndpoints.map((e) => [e.endpoint, e.calls]),
      calls: d.totals.calls,
      errors: d.topConsumers.find((c) => c.appId === "app-c")?.errorRate ?? null,
    };
  };

  // Short ranges group their rows, long ones take the running totals (decision 091): both paths must rank the same.
  for (const [path, rowsPerSeek] of [
    ["running totals", 0],
    ["grouped rows", 1_000_000],
  ] as const) {
    describe(path, () => {
      beforeAll(() => setGroupedRowsPerSeek(rowsPerSeek));
      afterAll(() => setGroupedRowsPerSeek(null));

      it("ranks the last two days by the difference of running totals (hour grain)", async () => {
        for (const scope of [admin, provider]) {
          const r = await ranking(scope, START + DAY, START + 3 * DAY);
          expect(r.consumers).toEqual([
            ["app-c", 6],
            ["app-b", 3],
            ["app-a", 1],
          ]);
          expect(r.endpoints).toEqual([
            ["GET /a", 6],
            ["GET /b", 4],
          ]);
          expect(r.calls).toBe(10);
          // app-c: one 5xx on each of its two days, of 6 calls.
          expect(r.errors).toBeCloseTo((2 / 6) * 100, 1);
        }
      });

      it("ranks a range that ends before the last calls, and the whole history at the day grain", async () => {
        const middle = await ranking(admin, START + DAY, START + 2 * DAY);
        expect(middle.consumers).toEqual([
          ["app-b", 3],
          ["app-c", 2],
        ]);
        const all = await ranking(admin, START - 7 * DAY, START + 3 * DAY);
        expect(all.consumers).toEqual([
          ["app-a", 6],
          ["app-c", 6],
          ["app-b", 3],
        ]);
        expect(all.calls).toBe(15);
      });

      it("leaves out a pair whose latest calls are before the range's start", async () => {
        // app-b called on day 1 only: its latest hour is before day 2, so it had no calls in the range.
        const r = await ranking(admin, START + 2 * DAY, START + 3 * DAY);
        expect(r.consumers).toEqual([
          ["app-c", 4],
          ["app-a", 1],
        ]);
        expect(r.endpoints).toEqual([
          ["GET /a", 4],
          ["GET /b", 1],
        ]);
      });

      it("gives the same lists after folding again", async () => {
        await foldUsageRollups(db(), { now: NOW });
        await foldUsageRollups(db(), { now: NOW + HOUR });
        const r = await ranking(admin, START + DAY, START + 3 * DAY);
        expect(r.consumers).toEqual([
          ["app-c", 6],
          ["app-b", 3],
          ["app-a", 1],
        ]);
      });
    });
  }

  // The latest-totals rows (decision 092) serve every range that ends after a pair's latest bucket.
  const latestRows = async () =>
    (
      await db()
        .kysely.selectFrom("usage_rollups_hour_latest")
        .select(["kind", "api_id", "dim", "bucket", "cum_calls"])
        .where("tenant_id", "=", f.tenantId)
        .orderBy("kind")
        .orderBy("api_id")
        .orderBy("dim")
        .execute()
    ).map((r) => ({ ...r, bucket: Number(r.bucket), cum_calls: Number(r.cum_calls) }));

  it("keeps each pair's latest running total, the same after folding again", async () => {
    const before = await latestRows();
    expect(before.filter((r) => r.kind === "app").map((r) => [r.dim, r.cum_calls])).toEqual([
      ["app-a", 6],
      ["app-b", 3],
      ["app-c", 6],
    ]);
    // app-b's latest hour is on day 1: its calls were spread over hours 0, 5 and 10.
    expect(before.find((r) => r.dim === "app-b")?.bucket).toBe(START + DAY + 10 * HOUR);
    await foldUsageRollups(db(), { now: NOW });
    await foldUsageRollups(db(), { now: NOW + HOUR });
    expect(await latestRows()).toEqual(before);
  });

  it("moves a pair's latest total when it calls again, for ranges ending now and in the past alike", async () => {
    await writeUsageBatch(
      db(),
      calls("app-b", "GET /b", 0, 2).map((c, i) => ({
        ...c,
        at: START + 3 * DAY - 10 * 60_000 + i,
        requestId: `late-${i}`,
      })),
    );
    await foldUsageRollups(db(), { now: NOW });
    const appB = (await latestRows()).find((r) => r.kind === "app" && r.dim === "app-b");
    expect(appB).toMatchObject({ bucket: START + 3 * DAY - HOUR, cum_calls: 5 });
    for (const rowsPerSeek of [0, 1_000_000]) {
      setGroupedRowsPerSeek(rowsPerSeek);
      try {
        expect((await ranking(admin, START + DAY, START + 3 * DAY)).consumers).toEqual([
          ["app-c", 6],
          ["app-b", 5],
          ["app-a", 1],
        ]);
        // A range that ends before app-b's latest bucket seeks its total at the range's end.
        expect((await ranking(admin, START + DAY, START + 2 * DAY)).consumers).toEqual([
          ["app-b", 3],
          ["app-c", 2],
        ]);
        expect((await ranking(provider, START - 7 * DAY, START + 3 * DAY)).consumers).toEqual([
          ["app-a", 6],
          ["app-c", 6],
          ["app-b", 5],
        ]);
      } finally {
        setGroupedRowsPerSeek(null);
      }
    }
  });
});
