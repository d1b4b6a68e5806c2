import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { enforceHealthRetention, getApiHealth, runHealthProbes } from "./health.service";

const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

describeEachDialect("health probes", ({ db }) => {
  // A local upstream: /ok answers 200, /broken 503; every request is remembered.
  const seen: string[] = [];
  let server: http.Server;
  let origin = "";
  let tenantId = "";
  let offTenantId = "";

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? "");
      res.writeHead(req.url?.startsWith("/broken") ? 503 : 200, { "content-type": "text/plain" });
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    tenantId = (await createTestTenant(db())).id;
    offTenantId = (await createTestTenant(db(), { config: { switches: { apiHealthCheck: false } } })).id;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ctx = () => ({ db: db(), tenantId, viewer: null });
  const run = (now: number, allowPrivate: boolean, gatewayOrigin: string | null = null) =>
    runHealthProbes(db(), { now: () => now, timeoutMs: 2_000, allowPrivate, gatewayOrigin, demoOrigin: null });
  const health = (apiId: string, now = NOW, allowPrivate = false) =>
    getApiHealth(ctx(), { apiId, now, healthCheckOn: true, allowPrivate });

  it("never probes a loopback upstream unless the operator allows private addresses", async () => {
    const api = await createTestApi(db(), tenantId, { upstream_url: `${origin}/ssrf` });
    seen.length = 0;
    const summary = await run(NOW, false);
    expect(seen).toEqual([]);
    expect(summary.probed).toBe(0);
    expect(summary.notProbed).toBeGreaterThan(0);
    const shown = await health(api.id);
    expect(shown?.notProbed).toBe("address-not-allowed");
    expect(shown?.history).toEqual([]);
    expect(shown?.uptime24h.percent).toBeNull();
    await db().kysely.deleteFrom("apis").where("id", "=", api.id).execute();
  });

  it("probes the health path, records up with latency, and waits an hour before probing again", async () => {
    const api = await createTestApi(db(), tenantId, { upstream_url: `${origin}/v1/` });
    await db()
      .kysely.insertInto("api_gateway_settings")
      .values({ api_id: api.id, tenant_id: tenantId, mode: "proxy", updated_at: NOW, health_path: "/ok" })
      .execute();
    const broken = await createTestApi(db(), tenantId, { upstream_url: `${origin}/broken` });
    const off = await createTestApi(db(), offTenantId, { upstream_url: `${origin}/off` });
    const bare = await createTestApi(db(), tenantId, { upstream_url: null });
    seen.length = 0;
    await run(NOW, true);
    expect(seen.sort()).toEqual(["/broken", "/v1/ok"]);

    const up = await health(api.id, NOW + 1_000, true);
    expect(up?.notProbed).toBeNull();
    expect(up?.latest?.up).toBe(true);
    expect(up?.latest?.latencyMs).toBeGreaterThanOrEqual(0);
    expect(up?.uptime24h).toEqual({ probes: 1, percent: 100 });
    expect(up?.uptime30d).toEqual({ probes: 1, percent: 100 });

    const down = await health(broken.id, NOW + 1_000, true);
    expect(down?.latest).toMatchObject({ up: false, reason: "http", statusCode: 503 });
    expect(down?.uptime7d).toEqual({ probes: 1, percent: 0 });

    expect((await health(bare.id))?.notProbed).toBe("no-upstream");
    const offRows = await db()
      .kysely.selectFrom("api_health_probes")
      .where("api_id", "=", off.id)
      .selectAll()
      .execute();
    expect(offRows).toEqual([]);

    // Within the hour nothing is due; after it, both are probed again and the uptime counts both probes.
    seen.length = 0;
    await run(NOW + 30 * 60 * 1000, true);
    expect(seen).toEqual([]);
    await run(NOW + HOUR + 1, true);
    expect(seen.sort()).toEqual(["/broken", "/v1/ok"]);
    const twice = await health(api.id, NOW + HOUR + 2, true);
    expect(twice?.history.map((h) => h.up)).toEqual([true, true]);
    expect(twice?.uptime24h).toEqual({ probes: 2, percent: 100 });
  });

  it("probes a mock-mode API through the gateway that answers it, and says when that gateway runs elsewhere", async () => {
    const api = await createTestApi(db(), tenantId, { upstream_url: "https://api.example.invalid" });
    await db()
      .kysely.insertInto("api_gateway_settings")
      .values({ api_id: api.id, tenant_id: tenantId, mode: "mock", updated_at: NOW })
      .execute();
    seen.length = 0;
    await run(NOW + 3 * HOUR, false, null);
    expect(seen).toEqual([]);
    await run(NOW + 3 * HOUR, false, origin);
    expect(seen).toContain("/healthz");
    expect((await health(api.id, NOW + 3 * HOUR + 1))?.latest?.up).toBe(true);
  });

  it("forgets raw probes after two days and daily tallies after thirty", async () => {
    const later = NOW + 40 * 24 * HOUR;
    const removed = await enforceHealthRetention(db(), { now: later });
    expect(removed.probes).toBeGreaterThan(0);
    expect(removed.days).toBeGreaterThan(0);
    const left = await db().kysely.selectFrom("api_health_days").selectAll().execute();
    expect(left).toEqual([]);
  });
});
