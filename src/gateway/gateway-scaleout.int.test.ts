import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/db-dialects";
import { createGatewayFixture } from "../../tests/factories/gateway";
import { startTestGateway, startUpstream } from "../../tests/test-gateway";
import { countRecordsByReason } from "../core/metering/metering.queries";
import { periodStart } from "../core/plans/quota-period";
import type { RunningGateway } from "./gateway-server";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/15";
let database: TestDatabase;
let gateways: RunningGateway[] = [];
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let upstreamCalls = 0;

beforeAll(async () => {
  database = await openTestDatabase("sqlite");
  upstream = await startUpstream((req, res) => {
    upstreamCalls++;
    req.resume();
    res.end("ok");
  });
  gateways = [await startTestGateway(database.db, { REDIS_URL }), await startTestGateway(database.db, { REDIS_URL })];
});

afterAll(async () => {
  for (const g of gateways) await g.close();
  await upstream?.close();
  await database?.dispose();
});

/** 50 concurrent clients, each with its own connection, alternating between the two gateway instances. */
async function burst(total: number, path: string, headers: Record<string, string>): Promise<number[]> {
  const clients = Array.from({ length: 50 }, () => new Agent({ connections: 1 }));
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    clients.map(async (dispatcher, c) => {
      while (next < total) {
        next++;
        const g = gateways[(c + next) % gateways.length];
        if (!g) throw new Error("no gateway");
        const res = await request(`${g.url}${path}`, { headers, dispatcher });
        await res.body.dump();
        statuses.push(res.statusCode);
      }
    }),
  );
  await Promise.all(clients.map((c) => c.close()));
  return statuses;
}

describe("scale-out: two gateway instances sharing limits through Redis", () => {
  it("admits exactly the quota from a 10x burst, and meters exactly the admitted calls", async () => {
    const quota = 60;
    const f = await createGatewayFixture(database.db, {
      upstreamUrl: upstream.url,
      plan: { quota, quotaPeriod: "day" },
    });
    upstreamCalls = 0;
    const statuses = await burst(quota * 10, `${f.basePath}/items`, { "x-tenant-id": f.tenantId, "x-api-key": f.key });
    expect(statuses).toHaveLength(quota * 10);
    expect(statuses.filter((s) => s === 200)).toHaveLength(quota);
    expect(statuses.filter((s) => s === 429)).toHaveLength(quota * 9);
    expect(upstreamCalls).toBe(quota);
    const gateway = gateways[0];
    if (!gateway) throw new Error("no gateway");
    expect(await gateway.counters.billedCount(f.subscriptionId, "plan", periodStart("day", Date.now()))).toBe(quota);
    for (const g of gateways) await g.flush();
    const reasons = await countRecordsByReason(database.db, f.tenantId, {
      from: 0,
      to: Date.now() + 60_000,
      apiId: f.api.id,
    });
    expect(reasons.find((r) => r.reason === "ok" && r.billable)?.count).toBe(quota);
    expect(reasons.find((r) => r.reason === "quota_exceeded")?.count).toBe(quota * 9);
  });

  it("shares one rate limit between the instances", async () => {
    const f = await createGatewayFixture(database.db, {
      upstreamUrl: upstream.url,
      plan: { rateLimit: { count: 25, unit: "hour" } },
    });
    const statuses = await burst(250, `${f.basePath}/items`, { "x-tenant-id": f.tenantId, "x-api-key": f.key });
    expect(statuses.filter((s) => s === 200)).toHaveLength(25);
  });
});
