import { request } from "undici";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/db-dialects";
import { createGatewayFixture } from "../../tests/factories/gateway";
import { userContext } from "../../tests/factories/viewers";
import { startTestGateway } from "../../tests/test-gateway";
import type { Viewer } from "../core/accounts/accounts.types";
import { consumerAnalytics, providerAnalytics } from "../core/analytics/analytics.service";
import { searchRequestLog } from "../core/analytics/request-log.service";
import { selectBilledCount } from "../core/metering/metering.queries";
import { periodStart } from "../core/plans/quota-period";
import { setApiGatewayMode } from "../core/upstreams/upstreams.service";
import type { RunningGateway } from "./gateway-server";

// The analytics agree with the billing counter: calls answered through a real gateway, seen by the provider's and
// the consumer's dashboards, the request log (with the request ids the gateway answered) and the billing counter.

let database: TestDatabase;
let gateway: RunningGateway;

beforeAll(async () => {
  database = await openTestDatabase("sqlite");
  gateway = await startTestGateway(database.db);
});

afterAll(async () => {
  await gateway?.close();
  await database?.dispose();
});

function viewer(id: string, tenantId: string): Viewer {
  return {
    id,
    tenantId,
    username: id,
    name: id,
    email: null,
    thumbnail: null,
    isAdmin: false,
    emailVerified: true,
    sessionId: null,
  };
}

it("counts what the gateway billed, and logs each call under the request id it answered", async () => {
  const f = await createGatewayFixture(database.db, {
    upstreamUrl: "http://127.0.0.1:9/unreachable",
    endpoints: [{ method: "GET", path: "/items" }],
    plan: { quota: 100, quotaPeriod: "day" },
  });
  await setApiGatewayMode(await userContext(database.db, f.tenantId, f.providerId), f.api.id, "mock");
  const headers = { "x-tenant-id": f.tenantId, "x-api-key": f.key };
  const ids: string[] = [];
  for (let i = 0; i < 9; i++) {
    const res = await request(`${gateway.url}${f.basePath}/items`, { headers });
    await res.body.text();
    ids.push(String(res.headers["x-portico-request-id"]));
  }
  // Undocumented in mock mode: refused (404), recorded, not billed.
  for (let i = 0; i < 3; i++) await (await request(`${gateway.url}${f.basePath}/nope`, { headers })).body.text();
  await gateway.flush();
  const billed = await selectBilledCount(
    database.db,
    f.tenantId,
    f.subscriptionId,
    "plan",
    periodStart("day", Date.now()),
  );
  expect(billed).toBe(9);

  const provider = await providerAnalytics(
    { db: database.db, tenantId: f.tenantId, viewer: viewer(f.providerId, f.tenantId) },
    {
      apiId: f.api.id,
      range: { preset: "1h" },
    },
  );
  expect(provider.dashboard.totals).toMatchObject({ calls: 12, billable: billed, errors4xx: 3, ok: 9 });
  expect(provider.dashboard.quota[0]).toMatchObject({ used: billed, quota: 100 });
  const consumer = await consumerAnalytics(
    { db: database.db, tenantId: f.tenantId, viewer: viewer(f.consumerId, f.tenantId) },
    {
      appId: f.appId,
      range: { preset: "1h" },
    },
  );
  expect(consumer.quota[0]).toMatchObject({ used: billed, remaining: 100 - billed });
  expect(consumer.totals.billable).toBe(billed);

  const log = await searchRequestLog(
    { db: database.db, tenantId: f.tenantId, viewer: viewer(f.consumerId, f.tenantId) },
    {
      audience: "consumer",
      appId: f.appId,
      status: "2xx",
      range: { preset: "1h" },
    },
  );
  expect(log.rows.map((r) => r.requestId).sort()).toEqual([...ids].sort());
});
