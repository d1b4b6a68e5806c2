import type { IncomingHttpHeaders } from "node:http";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/db-dialects";
import { createGatewayFixture, type GatewayFixture } from "../../tests/factories/gateway";
import { createTestTenant } from "../../tests/factories/tenants";
import { createTestUser } from "../../tests/factories/users";
import { userContext } from "../../tests/factories/viewers";
import { startTestGateway, startUpstream } from "../../tests/test-gateway";
import { createApp, createAppKey, revokeAppKey, rotateAppKey } from "../core/apps/apps.service";
import { countRecordsByReason, selectBilledCount } from "../core/metering/metering.queries";
import { summarizeAppUsage } from "../core/metering/metering.service";
import { createPlan, updatePlan } from "../core/plans/plans.service";
import { periodStart } from "../core/plans/quota-period";
import { decideSubscription, subscribeToPlan, unsubscribe } from "../core/subscriptions/subscriptions.service";
import { setApiGatewayMode } from "../core/upstreams/upstreams.service";
import type { RunningGateway } from "./gateway-server";

let database: TestDatabase;
let gateway: RunningGateway;
let upstream: Awaited<ReturnType<typeof startUpstream>>;
const seen: IncomingHttpHeaders[] = [];

async function call(path: string, headers: Record<string, string> = {}, method: "GET" | "POST" = "GET", body?: string) {
  const res = await request(`${gateway.url}${path}`, { method, headers, body });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

beforeAll(async () => {
  database = await openTestDatabase("sqlite");
  upstream = await startUpstream((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", connection: "keep-alive" });
      res.end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  gateway = await startTestGateway(database.db);
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
  await database?.dispose();
});

describe("gateway: keys, subscriptions, limits, metering", () => {
  let f: GatewayFixture;

  beforeAll(async () => {
    f = await createGatewayFixture(database.db, {
      upstreamUrl: `${upstream.url}/v1`,
      plan: { rateLimit: { count: 5, unit: "minute" }, quota: 1000, quotaPeriod: "day" },
    });
  });

  it("refuses calls without a key, with an unknown key, and with another tenant's key (401)", async () => {
    const missing = await call(`${f.basePath}/items`, { "x-tenant-id": f.tenantId });
    expect(missing.status).toBe(401);
    expect(missing.text).toContain("X-Api-Key");
    const unknown = await call(`${f.basePath}/items`, {
      "x-tenant-id": f.tenantId,
      "x-api-key": `pk_${"A".repeat(43)}`,
    });
    expect(unknown.status).toBe(401);
    const garbage = await call(`${f.basePath}/items`, { "x-tenant-id": f.tenantId, "x-api-key": "nope" });
    expect(garbage.status).toBe(401);
    const other = await createGatewayFixture(database.db, { upstreamUrl: upstream.url });
    const crossTenant = await call(`${f.basePath}/items`, { "x-tenant-id": f.tenantId, "x-api-key": other.key });
    expect(crossTenant.status).toBe(401);
  });

  it("proxies with identity headers the client cannot spoof, and rate-limit headers", async () => {
    seen.length = 0;
    const res = await call(`${f.basePath}/items/7?x=1`, {
      "x-tenant-id": f.tenantId,
      "x-api-key": f.key,
      "x-forwarded-for": "6.6.6.6",
      "x-portico-plan": "pln_enterprise",
      "x-portico-app": "app_someone_else",
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ ok: true, path: "/v1/items/7?x=1" });
    const h = seen[0];
    expect(h?.["x-portico-app"]).toBe(f.appId);
    expect(h?.["x-portico-plan"]).toBe(f.plan.id);
    expect(h?.["x-portico-subscription"]).toBe(f.subscriptionId);
    expect(h?.["x-portico-user"]).toBe(f.consumerId);
    expect(h?.["x-forwarded-for"]).toBe("127.0.0.1");
    expect(h?.["x-api-key"]).toBeUndefined();
    expect(res.headers["x-ratelimit-limit"]).toBe("5");
    expect(res.headers["x-ratelimit-remaining"]).toBe("4");
    expect(res.headers["x-ratelimit-requests-limit"]).toBe("1000");
    expect(res.headers["x-ratelimit-requests-remaining"]).toBe("999");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });

  it("answers 429 with Retry-After once the rate limit is used up, and meters every call", async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await call(`${f.basePath}/items`, { "x-tenant-id": f.tenantId, "x-api-key": f.key });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(Number(last?.headers["retry-after"])).toBeGreaterThan(0);
    expect(last?.headers["x-ratelimit-remaining"]).toBe("0");
    expect(last?.text).toContain("5 requests per minute");

    await gateway.flush();
    const range = { from: 0, to: Date.now() + 60_000, apiId: f.api.id };
    const reasons = await countRecordsByReason(database.db, f.tenantId, range);
    const count = (reason: string, billable: boolean) =>
      reasons.find((r) => r.reason === reason && r.billable === billable)?.count ?? 0;
    expect(count("ok", true)).toBe(5);
    expect(count("rate_limited", false)).toBe(2);
    expect(count("no_key", false)).toBe(1);
    expect(count("invalid_key", false)).toBe(3);
    const billed = await selectBilledCount(
      database.db,
      f.tenantId,
      f.subscriptionId,
      "plan",
      periodStart("day", Date.now()),
    );
    expect(billed).toBe(5);
  });

  it("refuses apps that are not subscribed, pending, or suspended (403), and sees changes at once", async () => {
    const app = await createApp(await userContext(database.db, f.tenantId, f.consumerId), { name: "Second" });
    const key = (await createAppKey(await userContext(database.db, f.tenantId, f.consumerId), app.id)).secret;
    const headers = { "x-tenant-id": f.tenantId, "x-api-key": key };
    expect((await call(`${f.basePath}/items`, headers)).status).toBe(403);

    const gated = await createPlan(await userContext(database.db, f.tenantId, f.providerId), f.api.id, {
      name: "Gated",
      approvalRequired: true,
    });
    const sub = await subscribeToPlan(await userContext(database.db, f.tenantId, f.consumerId), gated.id, app.id);
    expect(sub.status).toBe("pending_approval");
    const pending = await call(`${f.basePath}/items`, headers);
    expect(pending.status).toBe(403);
    expect(pending.text).toContain("pending approval");

    await decideSubscription(await userContext(database.db, f.tenantId, f.providerId), sub.id, "approve");
    expect((await call(`${f.basePath}/items`, headers)).status).toBe(200);
    await decideSubscription(await userContext(database.db, f.tenantId, f.providerId), sub.id, "suspend");
    const suspended = await call(`${f.basePath}/items`, headers);
    expect(suspended.status).toBe(403);
    expect(suspended.text).toContain("suspended");
  });

  it("honours every subscription state: rejected and unsubscribed apps get 403, reactivated ones get through", async () => {
    const app = await createApp(await userContext(database.db, f.tenantId, f.consumerId), { name: "States" });
    const key = (await createAppKey(await userContext(database.db, f.tenantId, f.consumerId), app.id)).secret;
    const headers = { "x-tenant-id": f.tenantId, "x-api-key": key };
    const gated = await createPlan(await userContext(database.db, f.tenantId, f.providerId), f.api.id, {
      name: "Gated for states",
      approvalRequired: true,
    });
    const sub = await subscribeToPlan(await userContext(database.db, f.tenantId, f.consumerId), gated.id, app.id);
    await decideSubscription(await userContext(database.db, f.tenantId, f.providerId), sub.id, "reject");
    const rejected = await call(`${f.basePath}/items`, headers);
    expect(rejected.status).toBe(403);
    expect(rejected.text).toContain("rejected");

    await decideSubscription(await userContext(database.db, f.tenantId, f.providerId), sub.id, "approve");
    expect((await call(`${f.basePath}/items`, headers)).status).toBe(200);
    await decideSubscription(await userContext(database.db, f.tenantId, f.providerId), sub.id, "suspend");
    expect((await call(`${f.basePath}/items`, headers)).status).toBe(403);
    await decideSubscription(await userContext(database.db, f.tenantId, f.providerId), sub.id, "reactivate");
    expect((await call(`${f.basePath}/items`, headers)).status).toBe(200);

    await unsubscribe(await userContext(database.db, f.tenantId, f.consumerId), sub.id);
    const gone = await call(`${f.basePath}/items`, headers);
    expect(gone.status).toBe(403);
    expect(gone.text).toContain("not subscribed");

    // Each refusal is metered under its reason, never billable.
    await gateway.flush();
    const reasons = await countRecordsByReason(database.db, f.tenantId, {
      from: 0,
      to: Date.now() + 1000,
      apiId: f.api.id,
    });
    for (const reason of ["access_rejected", "suspended", "not_subscribed"]) {
      expect(reasons.find((r) => r.reason === reason && !r.billable)?.count ?? 0).toBeGreaterThan(0);
      expect(reasons.find((r) => r.reason === reason && r.billable)).toBeUndefined();
    }
  });

  it("stops a revoked key at once and keeps a rotated key working during the overlap only", async () => {
    const app = await createApp(await userContext(database.db, f.tenantId, f.consumerId), { name: "Rotating" });
    const issued = await createAppKey(await userContext(database.db, f.tenantId, f.consumerId), app.id);
    await subscribeToPlan(await userContext(database.db, f.tenantId, f.consumerId), f.plan.id, app.id);
    const use = (key: string) => call(`${f.basePath}/items`, { "x-tenant-id": f.tenantId, "x-api-key": key });
    expect((await use(issued.secret)).status).toBe(200);

    const rotated = await rotateAppKey(await userContext(database.db, f.tenantId, f.consumerId), issued.key.id, 3600);
    expect((await use(issued.secret)).status).toBe(200);
    expect((await use(rotated.secret)).status).toBe(200);
    const again = await rotateAppKey(await userContext(database.db, f.tenantId, f.consumerId), rotated.key.id, 0);
    const expired = await use(rotated.secret);
    expect(expired.status).toBe(401);
    expect(expired.text).toContain("rotation");
    await revokeAppKey(await userContext(database.db, f.tenantId, f.consumerId), again.key.id);
    const revoked = await use(again.secret);
    expect(revoked.status).toBe(401);
    expect(revoked.text).toContain("revoked");
  });

  it("applies plan changes within the same second (cache invalidation)", async () => {
    const g = await createGatewayFixture(database.db, {
      upstreamUrl: upstream.url,
      plan: { rateLimit: { count: 1, unit: "hour" } },
    });
    const headers = { "x-tenant-id": g.tenantId, "x-api-key": g.key };
    expect((await call(`${g.basePath}/items`, headers)).status).toBe(200);
    expect((await call(`${g.basePath}/items`, headers)).status).toBe(429);
    await updatePlan(await userContext(database.db, g.tenantId, g.providerId), g.plan.id, { rateLimit: null });
    expect((await call(`${g.basePath}/items`, headers)).status).toBe(200);
  });
});

describe("gateway: quotas", () => {
  it("never admits more than a hard quota under concurrency, and counts soft overage", async () => {
    const hard = await createGatewayFixture(database.db, {
      upstreamUrl: upstream.url,
      plan: { quota: 7, quotaPeriod: "day" },
    });
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        call(`${hard.basePath}/items`, { "x-tenant-id": hard.tenantId, "x-api-key": hard.key }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(7);
    const refused = results.find((r) => r.status === 429);
    expect(refused?.text).toContain("Quota exceeded: 7 / day");
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);

    const soft = await createGatewayFixture(database.db, {
      upstreamUrl: upstream.url,
      plan: { quota: 3, quotaPeriod: "month", hardLimit: false, overagePriceMicros: 100 },
    });
    const softResults = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(`${soft.basePath}/items`, { "x-tenant-id": soft.tenantId, "x-api-key": soft.key }),
      ),
    );
    expect(softResults.every((r) => r.status === 200)).toBe(true);
    expect(await gateway.counters.billedCount(soft.subscriptionId, "plan", periodStart("month", Date.now()))).toBe(6);
  });

  it("applies per-endpoint objects on top of the plan quota", async () => {
    const tenant = await createTestTenant(database.db);
    const f = await createGatewayFixture(database.db, { upstreamUrl: upstream.url, tenantId: tenant.id });
    await updatePlan(await userContext(database.db, f.tenantId, f.providerId), f.plan.id, {
      objects: [{ name: "Single items", quota: 2, quotaPeriod: "day", endpoints: ["GET /items/{id}"] }],
    });
    const headers = { "x-tenant-id": f.tenantId, "x-api-key": f.key };
    const single = [];
    for (let i = 0; i < 3; i++) single.push(await call(`${f.basePath}/items/${i}`, headers));
    expect(single.map((r) => r.status)).toEqual([200, 200, 429]);
    // The refusal names the object's quota, and its headers describe that quota.
    expect(single[2]?.text).toContain("Quota exceeded: 2 / day of Single items on the Free plan");
    expect(single[2]?.headers["x-ratelimit-requests-limit"]).toBe("2");
    expect(single[2]?.headers["x-ratelimit-requests-remaining"]).toBe("0");
    expect((await call(`${f.basePath}/items`, headers)).status).toBe(200);
  });
});

describe("gateway: upstream modes", () => {
  it("answers from the OpenAPI examples in mock mode", async () => {
    const f = await createGatewayFixture(database.db, {
      upstreamUrl: "http://127.0.0.1:9/unreachable",
      endpoints: [{ method: "GET", path: "/items" }],
    });
    const headers = { "x-tenant-id": f.tenantId, "x-api-key": f.key };
    expect((await call(`${f.basePath}/items`, headers)).status).toBe(502);
    await setApiGatewayMode(await userContext(database.db, f.tenantId, f.providerId), f.api.id, "mock");
    const mocked = await call(`${f.basePath}/items`, headers);
    expect(mocked.headers["x-portico-mock"]).toBe("true");
    expect(mocked.status).toBe(204);
  });

  it("meters every call answered in mock mode like a proxied one (records, billing, My Apps totals)", async () => {
    const f = await createGatewayFixture(database.db, {
      upstreamUrl: "http://127.0.0.1:9/unreachable",
      endpoints: [{ method: "GET", path: "/items" }],
      plan: { quota: null },
    });
    await setApiGatewayMode(await userContext(database.db, f.tenantId, f.providerId), f.api.id, "mock");
    const headers = { "x-tenant-id": f.tenantId, "x-api-key": f.key };
    const from = Math.floor(Date.now() / 60_000) * 60_000;
    const N = 12;
    for (let i = 0; i < N; i++) expect((await call(`${f.basePath}/items`, headers)).status).toBe(204);
    await gateway.flush();
    const to = Date.now() + 60_000;
    const byReason = await countRecordsByReason(database.db, f.tenantId, { appId: f.appId, from, to });
    expect(byReason).toEqual([{ reason: "mock", billable: true, count: N }]);
    const usage = await summarizeAppUsage(await userContext(database.db, f.tenantId, f.consumerId), f.appId, {
      from,
      to,
    });
    expect({ calls: usage.calls, billable: usage.billable, errors: usage.errors4xx + usage.errors5xx }).toEqual({
      calls: N,
      billable: N,
      errors: 0,
    });
    expect(await gateway.counters.billedCount(f.subscriptionId, "plan", periodStart("month", Date.now()))).toBe(N);
  });

  it("refuses private upstreams unless the operator allows them", async () => {
    const strict = await startTestGateway(database.db, { GATEWAY_ALLOW_PRIVATE_UPSTREAMS: "false" });
    try {
      const f = await createGatewayFixture(database.db, { upstreamUrl: upstream.url });
      const res = await request(`${strict.url}${f.basePath}/items`, {
        headers: { "x-tenant-id": f.tenantId, "x-api-key": f.key },
      });
      expect(res.statusCode).toBe(502);
      expect(await res.body.text()).toContain("private");
    } finally {
      await strict.close();
    }
  });

  it("serves the built-in demo APIs offline", async () => {
    const { ensureDemoApis } = await import("../db/seed/demo/demo-apis");
    const tenant = await createTestTenant(database.db);
    expect(await ensureDemoApis(database.db, tenant.id)).toEqual(["portico-echo", "portico-geo"]);
    expect(await ensureDemoApis(database.db, tenant.id)).toEqual([]);
    const consumer = await createTestUser(database.db, tenant.id);
    const app = await createApp(await userContext(database.db, tenant.id, consumer.id), { name: "Demo" });
    const key = (await createAppKey(await userContext(database.db, tenant.id, consumer.id), app.id)).secret;
    const { listPlansForApi } = await import("../core/plans/plans.service");
    const api = await database.db.kysely
      .selectFrom("apis")
      .select("id")
      .where("tenant_id", "=", tenant.id)
      .where("slug", "=", "portico-geo")
      .executeTakeFirstOrThrow();
    const plans = await listPlansForApi(database.db, tenant.id, api.id);
    const basic = plans.find((p) => p.isFree);
    const paid = plans.find((p) => !p.isFree);
    if (!basic || !paid) throw new Error("demo plans missing");
    await expect(
      subscribeToPlan(await userContext(database.db, tenant.id, consumer.id), paid.id, app.id),
    ).rejects.toThrow(/Paid plans/);
    await subscribeToPlan(await userContext(database.db, tenant.id, consumer.id), basic.id, app.id);
    const res = await call("/portico/portico-geo/cities/par", { "x-tenant-id": tenant.id, "x-api-key": key });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ name: "Paris", country: "FR" });
  });
});
