import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import {
  countRecordsByReason,
  SeriesIds,
  selectBilledCount,
  selectRollups,
  upsertBillingCounters,
  writeUsageBatch,
} from "./metering.queries";
import { summarizeUsage } from "./metering.service";
import { SqliteUsageWriter } from "./sqlite-usage-writer";
import type { UsageRecord } from "./usage.types";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 5, 10, 0, 0);

function rec(overrides: Partial<UsageRecord>): UsageRecord {
  return {
    tenantId: "t",
    apiId: "api_a",
    endpoint: "GET /items",
    appId: "app_1",
    keyId: "key_1",
    planId: "pln_1",
    subscriptionId: "sub_1",
    status: 200,
    reason: "ok",
    billable: true,
    latencyUs: 800,
    bytesIn: 10,
    bytesOut: 100,
    at: T0,
    ...overrides,
  };
}

describeEachDialect("metering", ({ db, dialect }) => {
  let tenantId = "";
  let otherTenantId = "";

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    otherTenantId = (await createTestTenant(db())).id;
  });

  it("writes records and rolls them up per minute per (api, endpoint, app), across batches", async () => {
    const first = [
      rec({ tenantId }),
      rec({ tenantId, latencyUs: 30_000, at: T0 + 5_000 }),
      rec({ tenantId, status: 429, reason: "rate_limited", billable: false, latencyUs: 100 }),
      rec({ tenantId, endpoint: "GET /items/{id}", status: 502, reason: "upstream_unreachable", billable: false }),
      rec({ tenantId, at: T0 + MINUTE }),
    ];
    const second = [rec({ tenantId, status: 499, reason: "client_aborted", billable: false, at: T0 + 30_000 })];
    await writeUsageBatch(db(), first);
    await writeUsageBatch(db(), second);
    await writeUsageBatch(db(), [rec({ tenantId: otherTenantId })]);

    const rows = await selectRollups(db(), tenantId, { from: T0, to: T0 + 2 * MINUTE, apiId: "api_a" });
    const minute0 = rows.find((r) => Number(r.minute) === T0 && r.endpoint === "GET /items");
    expect(minute0).toMatchObject({ app_id: "app_1" });
    expect(Number(minute0?.calls)).toBe(4);
    expect(Number(minute0?.billable)).toBe(2);
    expect(Number(minute0?.rejected)).toBe(1);
    expect(Number(minute0?.errors_4xx)).toBe(2);
    expect(Number(minute0?.bytes_out)).toBe(400);
    expect(Number(minute0?.lat_b00)).toBe(1);
    expect(Number(minute0?.lat_b02)).toBe(2);
    expect(Number(minute0?.lat_b07)).toBe(1);
    const errors = rows.find((r) => r.endpoint === "GET /items/{id}");
    expect(Number(errors?.errors_5xx)).toBe(1);
    expect(rows.filter((r) => Number(r.minute) === T0 + MINUTE)).toHaveLength(1);
  });

  it("summarizes volume, errors and latency percentiles, per tenant only", async () => {
    const summary = await summarizeUsage(db(), tenantId, { from: T0, to: T0 + 2 * MINUTE, apiId: "api_a" });
    expect(summary.calls).toBe(6);
    expect(summary.billable).toBe(3);
    expect(summary.errors5xx).toBe(1);
    expect(summary.series.map((s) => s.calls)).toEqual([5, 1]);
    expect(summary.p50Us).toBeGreaterThan(500);
    expect(summary.p50Us).toBeLessThanOrEqual(1000);
    expect(summary.p99Us).toBeGreaterThan(25_000);
    const other = await summarizeUsage(db(), otherTenantId, { from: T0, to: T0 + 2 * MINUTE });
    expect(other.calls).toBe(1);
    const reasons = await countRecordsByReason(db(), tenantId, { from: T0, to: T0 + 2 * MINUTE });
    expect(reasons.find((r) => r.reason === "client_aborted")?.count).toBe(1);
  });

  it("copies billed counts without ever lowering them", async () => {
    const counter = { tenantId, subscriptionId: "sub_x", scope: "plan", periodStart: T0 };
    await upsertBillingCounters(db(), [{ ...counter, count: 5 }]);
    await upsertBillingCounters(db(), [{ ...counter, count: 3 }]);
    expect(await selectBilledCount(db(), tenantId, "sub_x", "plan", T0)).toBe(5);
    await upsertBillingCounters(db(), [{ ...counter, count: 9 }]);
    expect(await selectBilledCount(db(), tenantId, "sub_x", "plan", T0)).toBe(9);
    expect(await selectBilledCount(db(), otherTenantId, "sub_x", "plan", T0)).toBe(0);
  });

  it("writes a large batch in one go", async () => {
    const many = Array.from({ length: 2_345 }, (_, i) =>
      rec({ tenantId, apiId: "api_big", at: T0 + (i % 120) * 1000 }),
    );
    await writeUsageBatch(db(), many);
    const summary = await summarizeUsage(db(), tenantId, { from: T0, to: T0 + 3 * MINUTE, apiId: "api_big" });
    expect(summary.calls).toBe(2_345);
  });

  it("the gateway's SQLite writer stores what writeUsageBatch stores (PostgreSQL keeps the batch path)", async () => {
    const writer = await SqliteUsageWriter.open(db());
    if (dialect === "postgres") {
      expect(writer).toBeNull();
      return;
    }
    if (!writer) throw new Error("no SQLite writer");
    const records = [
      rec({ tenantId, apiId: "api_w", latencyUs: 200 }),
      rec({ tenantId, apiId: "api_w", status: 429, reason: "quota_exceeded", billable: false, latencyUs: 90 }),
      rec({ tenantId, apiId: "api_w", at: T0 + MINUTE }),
    ];
    writer.write(records);
    writer.write([rec({ tenantId, apiId: "api_w", status: 503, reason: "unavailable", billable: false })]);
    writer.close();
    const summary = await summarizeUsage(db(), tenantId, { from: T0, to: T0 + 2 * MINUTE, apiId: "api_w" });
    expect(summary.calls).toBe(4);
    expect(summary.billable).toBe(2);
    expect(summary.rejected).toBe(2);
    expect(summary.errors5xx).toBe(1);
    expect(summary.series.map((m) => m.calls)).toEqual([3, 1]);
    const reasons = await countRecordsByReason(db(), tenantId, { from: T0, to: T0 + 2 * MINUTE, apiId: "api_w" });
    expect(reasons.find((r) => r.reason === "quota_exceeded")?.count).toBe(1);
  });

  it("stores a caller's ids once (usage_series) and every call as a row of numbers, on both write paths", async () => {
    const seriesOf = async (apiId: string) =>
      db()
        .kysely.selectFrom("usage_series")
        .selectAll()
        .where("tenant_id", "=", tenantId)
        .where("api_id", "=", apiId)
        .execute();
    const known = new SeriesIds();
    await writeUsageBatch(db(), [rec({ tenantId, apiId: "api_s" }), rec({ tenantId, apiId: "api_s" })], known);
    await writeUsageBatch(db(), [rec({ tenantId, apiId: "api_s", keyId: "key_2" })], known);
    // A fresh cache (another process): finds the existing series instead of making a second one.
    await writeUsageBatch(db(), [rec({ tenantId, apiId: "api_s", endpoint: null, appId: null })]);
    await writeUsageBatch(db(), [rec({ tenantId, apiId: "api_s", endpoint: null, appId: null })]);
    const writer = await SqliteUsageWriter.open(db());
    writer?.write([rec({ tenantId, apiId: "api_s" }), rec({ tenantId, apiId: "api_s", keyId: "key_3" })]);
    writer?.close();

    const series = await seriesOf("api_s");
    const keys = series.map((s) => `${s.key_id}|${s.endpoint}|${s.app_id}`).sort();
    const expected = ["key_1|GET /items|app_1", "key_1||", "key_2|GET /items|app_1"];
    if (dialect === "sqlite") expected.push("key_3|GET /items|app_1");
    expect(keys).toEqual(expected.sort());
    const reasons = await countRecordsByReason(db(), tenantId, { from: T0, to: T0 + MINUTE, apiId: "api_s" });
    expect(reasons).toEqual([{ reason: "ok", billable: true, count: dialect === "sqlite" ? 7 : 5 }]);
    const byApp = await countRecordsByReason(db(), tenantId, { from: T0, to: T0 + MINUTE, appId: "app_1" });
    expect(byApp.reduce((n, r) => n + r.count, 0)).toBeGreaterThanOrEqual(dialect === "sqlite" ? 5 : 3);
    // Records without an API are not stored (the gateway never hands them over).
    await writeUsageBatch(db(), [rec({ tenantId, apiId: null })]);
    expect(await countRecordsByReason(db(), otherTenantId, { from: T0, to: T0 + MINUTE, apiId: "api_s" })).toEqual([]);
  });
});
