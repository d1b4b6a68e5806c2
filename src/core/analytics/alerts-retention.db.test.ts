import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createGatewayFixture, fixtureCall, type GatewayFixture } from "../../../tests/factories/gateway";
import { createTestTenant } from "../../../tests/factories/tenants";
import type { Viewer } from "../accounts/accounts.types";
import { writeUsageBatch } from "../metering/metering.queries";
import type { UsageRecord } from "../metering/usage.types";
import { listNotifications } from "../notifications/notifications.service";
import { createAlert, evaluateAlerts, listAlerts } from "./alerts.service";
import { enforceUsageRetention } from "./analytics-jobs.service";
import { searchRequestLog } from "./request-log.service";

const NOW = Date.UTC(2026, 10, 25, 12, 30, 15);
const MINUTE = 60_000;
const DAY = 86_400_000;

describeEachDialect("analytics alerts and retention", ({ db }) => {
  let f: GatewayFixture;
  let provider: Viewer;

  const call = (o: Partial<UsageRecord>): UsageRecord => fixtureCall(f, NOW - MINUTE, { latencyUs: 2_000, ...o });

  beforeAll(async () => {
    f = await createGatewayFixture(db(), { upstreamUrl: "http://127.0.0.1:9" });
    const user = await db()
      .kysely.selectFrom("users")
      .selectAll()
      .where("id", "=", f.providerId)
      .executeTakeFirstOrThrow();
    provider = {
      id: user.id,
      tenantId: f.tenantId,
      username: user.username,
      name: user.name,
      email: user.email,
      thumbnail: null,
      isAdmin: false,
      emailVerified: true,
      sessionId: null,
    };
  });

  it("refuses bad alerts with clear messages", async () => {
    await expect(
      createAlert(
        { db: db(), tenantId: f.tenantId, viewer: provider },
        { metric: "cpu", threshold: 5, windowMinutes: 15 },
      ),
    ).rejects.toThrow("The metric must be error_rate or p95_ms");
    await expect(
      createAlert(
        { db: db(), tenantId: f.tenantId, viewer: provider },
        { metric: "error_rate", threshold: 150, windowMinutes: 15 },
      ),
    ).rejects.toThrow("The error rate threshold must be 1 to 100 %");
    await expect(
      createAlert(
        { db: db(), tenantId: f.tenantId, viewer: provider },
        { metric: "p95_ms", threshold: 100, windowMinutes: 1 },
      ),
    ).rejects.toThrow("The window must be 5 to 1440 minutes");
  });

  it("fires once when the error rate crosses the threshold: a notification and an e-mail", async () => {
    await createAlert(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      {
        apiId: f.api.id,
        metric: "error_rate",
        threshold: 20,
        windowMinutes: 5,
      },
    );
    await createAlert(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      { metric: "p95_ms", threshold: 1_000, windowMinutes: 5 },
    );
    // 6 fine calls, 4 failed: 40 % errors, p95 at 2 ms.
    await writeUsageBatch(db(), [
      ...Array.from({ length: 6 }, () => call({})),
      ...Array.from({ length: 4 }, () => call({ status: 502, reason: "upstream_unreachable" })),
    ]);
    expect(await evaluateAlerts(db(), { now: NOW })).toBe(1);
    expect(await evaluateAlerts(db(), { now: NOW + 1_000 })).toBe(0);
    const alerts = await listAlerts({ db: db(), tenantId: f.tenantId, viewer: provider });
    expect(alerts.map((a) => [a.metric, a.state, a.lastValue])).toEqual([
      ["error_rate", "firing", 40],
      ["p95_ms", "ok", 2],
    ]);
    const tray = await listNotifications({ db: db(), tenantId: f.tenantId, viewer: provider });
    expect(tray.items.filter((n) => n.title.startsWith("Error rate alert"))).toHaveLength(1);
    const mail = await db()
      .kysely.selectFrom("mail_outbox")
      .selectAll()
      .where("tenant_id", "=", f.tenantId)
      .where("kind", "=", "analytics-alert")
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to_address).toBe(provider.email);
    // Later, without calls in the window, it goes back to ok.
    await evaluateAlerts(db(), { now: NOW + 60 * MINUTE });
    expect((await listAlerts({ db: db(), tenantId: f.tenantId, viewer: provider }))[0]?.state).toBe("ok");
  });

  it("deletes raw calls older than the tenant's retention, and only that tenant's", async () => {
    const other = await createTestTenant(db(), { config: { analytics: { retentionDays: 400 } } });
    await writeUsageBatch(db(), [
      call({ at: Date.now() - 40 * DAY, requestId: "old" }),
      call({ at: Date.now() - 2 * DAY, requestId: "recent" }),
      { ...call({ at: Date.now() - 40 * DAY, requestId: "kept" }), tenantId: other.id },
    ]);
    await enforceUsageRetention(db(), { now: Date.now() });
    const ids = (
      await db()
        .kysely.selectFrom("usage_records")
        .select("request_id")
        .where("request_id", "in", ["old", "recent", "kept"])
        .execute()
    ).map((r) => r.request_id);
    expect(ids.sort()).toEqual(["kept", "recent"]);
    const log = await searchRequestLog(
      { db: db(), tenantId: f.tenantId, viewer: provider },
      { audience: "provider", range: { preset: "7d" } },
    );
    expect(log.rows.some((r) => r.requestId === "recent")).toBe(true);
  });
});
