import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createGatewayFixture, fixtureCall, type GatewayFixture } from "../../../tests/factories/gateway";
import { createTestUser } from "../../../tests/factories/users";
import type { UserRow } from "../../db/schema";
import type { Viewer } from "../accounts/accounts.types";
import { createApp } from "../apps/apps.service";
import { upsertBillingCounters, writeUsageBatch } from "../metering/metering.queries";
import type { UsageRecord } from "../metering/usage.types";
import { periodStart } from "../plans/quota-period";
import { consumerAnalytics, providerAnalytics, tenantAnalytics } from "./analytics.service";
import { foldUsageRollups } from "./analytics-jobs.service";
import { getRequestLogEntry, searchRequestLog } from "./request-log.service";

const NOW = Date.UTC(2026, 10, 25, 12, 30, 15);
const MINUTE = 60_000;

function viewerOf(user: UserRow, isAdmin = false): Viewer {
  return {
    id: user.id,
    tenantId: user.tenant_id,
    username: user.username,
    name: user.name,
    email: user.email,
    thumbnail: null,
    isAdmin,
    emailVerified: true,
    sessionId: null,
  };
}

describeEachDialect("analytics dashboards and the request log", ({ db }) => {
  let f: GatewayFixture;
  let provider: Viewer;
  let consumer: Viewer;
  let stranger: Viewer;
  let other: GatewayFixture;

  /** The fixture's metered call ten minutes ago with a 100-byte answer; `overrides` change any field. */
  function call(overrides: Partial<UsageRecord>): UsageRecord {
    return fixtureCall(f, NOW - 10 * MINUTE, { bytesOut: 100, ...overrides });
  }

  beforeAll(async () => {
    f = await createGatewayFixture(db(), { upstreamUrl: "http://127.0.0.1:9" });
    // Another provider and consumer in the same tenant.
    other = await createGatewayFixture(db(), { upstreamUrl: "http://127.0.0.1:9", tenantId: f.tenantId });
    const users = await db().kysely.selectFrom("users").selectAll().where("tenant_id", "=", f.tenantId).execute();
    const byId = new Map(users.map((u) => [u.id, u]));
    provider = viewerOf(byId.get(f.providerId) as UserRow);
    consumer = viewerOf(byId.get(f.consumerId) as UserRow);
    stranger = viewerOf(await createTestUser(db(), f.tenantId));
    // 100 calls with latencies 1..100 ms in the last hour: 10 of them 5xx, 5 of them 4xx.
    const records: UsageRecord[] = [];
    for (let i = 1; i <= 100; i++) {
      records.push(
        call({
          latencyUs: i * 1_000,
          status: i <= 10 ? 502 : i <= 15 ? 404 : 200,
          reason: i <= 10 ? "upstream_unreachable" : "ok",
          endpoint: i % 4 === 0 ? "GET /items/{id}" : "GET /items",
          at: NOW - (i % 30) * MINUTE - 1_000,
          requestId: `req-${i}`,
        }),
      );
    }
    // The previous hour: 20 calls, all fine.
    for (let i = 0; i < 20; i++) records.push(call({ at: NOW - 90 * MINUTE, requestId: `old-${i}` }));
    // The other provider's API, called by the other consumer.
    for (let i = 0; i < 7; i++) {
      records.push({
        ...call({ requestId: `x-${i}` }),
        apiId: other.api.id,
        appId: other.appId,
        keyId: other.keyId,
        planId: other.plan.id,
        subscriptionId: other.subscriptionId,
      });
    }
    await writeUsageBatch(db(), records);
    await upsertBillingCounters(db(), [
      {
        tenantId: f.tenantId,
        subscriptionId: f.subscriptionId,
        scope: "plan",
        periodStart: periodStart(f.plan.quotaPeriod, NOW),
        count: 120,
      },
    ]);
  });

  it("counts calls by status class and gives exact nearest-rank percentiles", async () => {
    const { dashboard } = await providerAnalytics(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      { range: { preset: "1h" } },
      NOW,
    );
    expect(dashboard.totals).toMatchObject({ calls: 100, ok: 85, errors4xx: 5, errors5xx: 10, errorRate: 15 });
    expect(dashboard.percentiles).toEqual({ p50Ms: 50, p95Ms: 95, p99Ms: 99, exact: true });
    expect(dashboard.previous.calls).toBe(20);
    expect(dashboard.series).toHaveLength(60);
    expect(dashboard.series.reduce((n, p) => n + p.calls, 0)).toBe(100);
    expect(dashboard.topEndpoints.map((e) => [e.endpoint, e.calls])).toEqual([
      ["GET /items", 75],
      ["GET /items/{id}", 25],
    ]);
    expect(dashboard.topConsumers).toHaveLength(1);
    expect(dashboard.topConsumers[0]).toMatchObject({ appId: f.appId, appName: "My app", plan: "Free", calls: 100 });
  });

  it("shows billing counters as quota use", async () => {
    const { dashboard } = await providerAnalytics(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      { range: { preset: "1h" } },
      NOW,
    );
    expect(dashboard.quota).toEqual([expect.objectContaining({ planName: "Free", subscriptions: 1, used: 120 })]);
  });

  it("reads folded hour rollups for a day and agrees with the minute rollups", async () => {
    await foldUsageRollups(db(), { now: NOW });
    const { dashboard } = await providerAnalytics(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      { range: { preset: "24h" } },
      NOW,
    );
    expect(dashboard.totals.calls).toBe(120);
    expect(dashboard.series).toHaveLength(24);
    expect(dashboard.percentiles.exact).toBe(true);
    const week = await providerAnalytics(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      { range: { preset: "30d" } },
      NOW,
    );
    expect(week.dashboard.totals.calls).toBe(120);
    // Folding again changes nothing.
    await foldUsageRollups(db(), { now: NOW });
    const again = await providerAnalytics(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      { range: { preset: "24h" } },
      NOW,
    );
    expect(again.dashboard.totals.calls).toBe(120);
  });

  it("keeps providers, consumers and the tenant apart", async () => {
    const mine = await providerAnalytics(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      { range: { preset: "1h" } },
      NOW,
    );
    expect(mine.apis.map((a) => a.id)).toEqual([f.api.id]);
    await expect(
      providerAnalytics(
        { db: db(), tenantId: f.tenantId, viewer: provider },
        { apiId: other.api.id, range: { preset: "1h" } },
        NOW,
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const strangers = await providerAnalytics(
      { db: db(), tenantId: f.tenantId, viewer: stranger },
      { range: { preset: "1h" } },
      NOW,
    );
    expect(strangers.dashboard.totals.calls).toBe(0);
    const app = await consumerAnalytics(
      { db: db(), tenantId: f.tenantId, viewer: consumer },
      { appId: f.appId, range: { preset: "1h" } },
      NOW,
    );
    expect(app.totals.calls).toBe(100);
    expect(app.quota[0]).toMatchObject({ used: 120, planName: "Free" });
    await expect(
      consumerAnalytics(
        { db: db(), tenantId: f.tenantId, viewer: consumer },
        { appId: other.appId, range: { preset: "1h" } },
        NOW,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      tenantAnalytics({ db: db(), tenantId: f.tenantId, viewer: consumer }, { range: { preset: "1h" } }, NOW),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const admin = await tenantAnalytics(
      { db: db(), tenantId: f.tenantId, viewer: { ...stranger, isAdmin: true } },
      { range: { preset: "1h" } },
      NOW,
    );
    expect(admin.totals.calls).toBe(107);
  });

  it("refuses reversed, too long, future and unknown ranges", async () => {
    const ask = (range: Record<string, unknown>) =>
      providerAnalytics({ db: db(), tenantId: f.tenantId, viewer: provider }, { range }, NOW);
    await expect(ask({ preset: "custom", from: NOW, to: NOW - MINUTE })).rejects.toThrow(/end must be after its start/);
    await expect(ask({ preset: "custom", from: NOW - 100 * 86_400_000, to: NOW })).rejects.toThrow(/at most 93 days/);
    await expect(ask({ preset: "custom", from: NOW + MINUTE, to: NOW + 2 * MINUTE })).rejects.toThrow(/future/);
    await expect(ask({ preset: "2y" })).rejects.toThrow(/Unknown range/);
  });

  it("searches the request log with filters and finds one entry", async () => {
    const all = await searchRequestLog(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      { audience: "provider", range: { preset: "1h" } },
      NOW,
    );
    expect(all.rows).toHaveLength(50);
    expect(all.nextBefore).not.toBeNull();
    const errors = await searchRequestLog(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      { audience: "provider", status: "5xx", range: { preset: "1h" } },
      NOW,
    );
    expect(errors.rows).toHaveLength(10);
    expect(errors.rows.every((r) => r.status === 502 && r.reason === "upstream_unreachable")).toBe(true);
    const byEndpoint = await searchRequestLog(
      { db: db(), tenantId: f.tenantId, viewer: consumer },
      { audience: "consumer", appId: f.appId, endpoint: "GET /items/{id}", status: "200", range: { preset: "1h" } },
      NOW,
    );
    expect(byEndpoint.rows.length).toBeGreaterThan(0);
    expect(byEndpoint.rows.every((r) => r.endpoint === "GET /items/{id}" && r.status === 200)).toBe(true);
    const first = all.rows[0];
    if (!first?.requestId) throw new Error("no request id");
    const entry = await getRequestLogEntry(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      { audience: "provider", requestId: first.requestId, at: first.at },
      NOW,
    );
    expect(entry).toMatchObject({ appName: "My app", planName: "Free", keyId: f.keyId });
    // The other provider does not see it; a consumer cannot read another app's log.
    const otherProvider = viewerOf(
      (await db()
        .kysely.selectFrom("users")
        .selectAll()
        .where("id", "=", other.providerId)
        .executeTakeFirst()) as UserRow,
    );
    await expect(
      getRequestLogEntry(
        { db: db(), tenantId: f.tenantId, viewer: otherProvider },
        { audience: "provider", requestId: first.requestId, at: first.at },
        NOW,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      searchRequestLog(
        { db: db(), tenantId: f.tenantId, viewer: consumer },
        { audience: "consumer", appId: other.appId, range: { preset: "1h" } },
        NOW,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      searchRequestLog(
        { db: db(), tenantId: f.tenantId, viewer: provider },
        { audience: "provider", status: "teapot", range: { preset: "1h" } },
        NOW,
      ),
    ).rejects.toThrow(/Unknown status filter/);
  });

  it("gives a consumer's second app nothing", async () => {
    const app = await createApp({ db: db(), tenantId: f.tenantId, viewer: consumer }, { name: "Empty app" });
    const page = await searchRequestLog(
      { db: db(), tenantId: f.tenantId, viewer: consumer },
      { audience: "consumer", appId: app.id, range: { preset: "1h" } },
      NOW,
    );
    expect(page.rows).toEqual([]);
  });
});
