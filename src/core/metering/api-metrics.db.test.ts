import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { refreshApiMetrics } from "./api-metrics.service";
import { writeUsageBatch } from "./metering.queries";
import type { UsageRecord } from "./usage.types";

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describeEachDialect("refreshApiMetrics", ({ db }) => {
  let tenantId = "";

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
  });

  function call(apiId: string, overrides: Partial<UsageRecord>): UsageRecord {
    return {
      tenantId,
      apiId,
      endpoint: "GET /a",
      appId: "app_1",
      keyId: "key_1",
      planId: "pln_1",
      subscriptionId: "sub_1",
      status: 200,
      reason: "ok",
      billable: true,
      latencyUs: 120_000,
      bytesIn: 0,
      bytesOut: 10,
      at: NOW - HOUR,
      ...overrides,
    };
  }

  const metricsOf = (id: string) =>
    db()
      .kysely.selectFrom("apis")
      .select(["latency_ms", "service_level", "health_check", "popularity", "updated_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("measures real APIs from 30 days of rollups and leaves demo APIs and updated_at alone", async () => {
    const api = await createTestApi(db(), tenantId, { is_demo_data: 0, followers_count: 9, popularity: 0 });
    const demo = await createTestApi(db(), tenantId, { is_demo_data: 1, popularity: 7.5, latency_ms: 42 });
    const before = await metricsOf(api.id);
    await writeUsageBatch(db(), [
      // Within the last day: 8 served calls, one 502, and 2 rate-limited rejections.
      ...Array.from({ length: 7 }, () => call(api.id, {})),
      call(api.id, { status: 502, reason: "upstream_unreachable" }),
      call(api.id, { status: 429, reason: "rate_limited", latencyUs: 100, billable: false }),
      call(api.id, { status: 429, reason: "rate_limited", latencyUs: 100, billable: false }),
      // Ten days ago: two more served calls, both fine.
      call(api.id, { at: NOW - 10 * DAY }),
      call(api.id, { at: NOW - 10 * DAY }),
      // Older than 30 days: ignored.
      call(api.id, { at: NOW - 40 * DAY, status: 500 }),
      call(demo.id, { status: 500 }),
    ]);

    expect(await refreshApiMetrics(db(), { now: NOW })).toBeGreaterThanOrEqual(1);
    const measured = await metricsOf(api.id);
    expect(Number(measured.service_level)).toBe(90);
    expect(Number(measured.health_check)).toBe(87.5);
    expect(Number(measured.latency_ms)).toBeGreaterThan(100);
    expect(Number(measured.latency_ms)).toBeLessThanOrEqual(250);
    expect(Number(measured.popularity)).toBeGreaterThan(2);
    expect(Number(measured.updated_at)).toBe(Number(before.updated_at));

    const untouched = await metricsOf(demo.id);
    expect(Number(untouched.popularity)).toBe(7.5);
    expect(Number(untouched.latency_ms)).toBe(42);

    // Nothing changed since: nothing is written again.
    expect(await refreshApiMetrics(db(), { now: NOW })).toBe(0);
    // A month later the calls have aged out: no latency or service level, only followers' popularity.
    await refreshApiMetrics(db(), { now: NOW + 31 * DAY });
    expect(await metricsOf(api.id)).toMatchObject({ latency_ms: null, service_level: null, health_check: null });
  });
});
