import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createGatewayFixture, type GatewayFixture } from "../../../tests/factories/gateway";
import { writeUsageBatch } from "../metering/metering.queries";
import type { UsageRecord } from "../metering/usage.types";
import { selectLatencies, selectLogRows } from "./request-log.queries";

/*
 * The log page is chosen per series on PostgreSQL (a LATERAL read of each series' newest rows, decision 091), then
 * merged. Calls of six series interleaved in time must come back as the globally newest, in order, with their names,
 * and the next page must continue exactly where the first stopped; the latencies must be every call of the range.
 */

const START = Date.UTC(2026, 9, 1);
const APPS = ["app-a", "app-b", "app-c"];
const ENDPOINTS = ["GET /a", "GET /b"];
const PER_SERIES = 7;

describeEachDialect("request log page across series", ({ db }) => {
  let f: GatewayFixture;
  const filter = (before: number | null) => ({
    from: START,
    to: START + 1_000_000,
    status: null,
    endpoint: null,
    requestId: null,
    before,
  });

  beforeAll(async () => {
    f = await createGatewayFixture(db(), { upstreamUrl: "http://127.0.0.1:9" });
    const records: UsageRecord[] = [];
    APPS.forEach((appId, a) => {
      ENDPOINTS.forEach((endpoint, e) => {
        const series = a * ENDPOINTS.length + e;
        for (let i = 0; i < PER_SERIES; i++) {
          records.push({
            tenantId: f.tenantId,
            apiId: f.api.id,
            endpoint,
            appId,
            keyId: `key-${appId}`,
            planId: f.plan.id,
            subscriptionId: `sub-${appId}`,
            status: 200,
            reason: "ok",
            billable: true,
            latencyUs: 1_000 + series * 100 + i,
            bytesIn: 0,
            bytesOut: 10,
            // Distinct times, the six series interleaved: call i of series s at i·6 + s seconds.
            at: START + (i * 6 + series) * 1_000,
            requestId: `r-${series}-${i}`,
          });
        }
      });
    });
    await writeUsageBatch(db(), records);
  });

  it("gives the newest calls of all series in order, and the next page after them", async () => {
    const scope = { apiIds: [f.api.id], appIds: null };
    const total = APPS.length * ENDPOINTS.length * PER_SERIES;
    const first = await selectLogRows(db(), f.tenantId, scope, filter(null), 10);
    const times = (n: number) => Array.from({ length: n }, (_, k) => START + (total - 1 - k) * 1_000);
    expect(first.map((r) => r.at)).toEqual(times(10));
    expect(first[0]).toMatchObject({ requestId: "r-5-6", appId: "app-c", endpoint: "GET /b", apiName: f.api.name });
    const last = first.at(-1)?.at ?? 0;
    const second = await selectLogRows(db(), f.tenantId, scope, filter(last), 10);
    expect(second.map((r) => r.at)).toEqual(times(20).slice(10));
    const rest = await selectLogRows(db(), f.tenantId, scope, filter(null), total + 5);
    expect(rest).toHaveLength(total);
  });

  it("reads every latency of the range's series, and one more than the limit at most", async () => {
    const scope = { apiIds: null, appIds: ["app-b"] };
    const latencies = await selectLatencies(db(), f.tenantId, scope, START, START + 1_000_000, 100);
    const expected = [2, 3].flatMap((s) => Array.from({ length: PER_SERIES }, (_, i) => 1_000 + s * 100 + i));
    expect([...latencies].sort((x, y) => x - y)).toEqual(expected);
    expect(await selectLatencies(db(), f.tenantId, scope, START, START + 1_000_000, 5)).toHaveLength(6);
  });
});
