import { expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { writeUsageBatch } from "../metering/metering.queries";
import type { UsageRecord } from "../metering/usage.types";
import { foldUsageRollups } from "./analytics-jobs.service";

/*
 * The fold runs per tenant through the tenant's indexes and jumps over stretches without calls (decision 092): calls
 * after a long idle stretch must still be folded, with their running totals, and one tenant's fold must leave another
 * tenant's rows as they were.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 8, 1);

describeEachDialect("usage fold per tenant", ({ db }) => {
  const call = (tenantId: string, at: number, n: number): UsageRecord => ({
    tenantId,
    apiId: "api_1",
    endpoint: "GET /a",
    appId: "app_1",
    keyId: "key_1",
    planId: "pln_1",
    subscriptionId: "sub_1",
    status: 200,
    reason: "ok",
    billable: true,
    latencyUs: 1_000,
    bytesIn: 0,
    bytesOut: 10,
    at,
    requestId: `${tenantId}-${n}`,
  });

  it("folds calls after an idle stretch, per tenant", async () => {
    const a = (await createTestTenant(db())).id;
    const b = (await createTestTenant(db())).id;
    await writeUsageBatch(db(), [call(a, START + HOUR, 1), call(b, START + HOUR, 2), call(b, START + HOUR + 5, 3)]);
    await foldUsageRollups(db(), { now: START + 2 * HOUR });
    // Twenty days without calls, then two more for tenant a.
    await writeUsageBatch(db(), [call(a, START + 20 * DAY + HOUR, 4), call(a, START + 20 * DAY + 2 * HOUR, 5)]);
    await foldUsageRollups(db(), { now: START + 20 * DAY + 3 * HOUR });
    await foldUsageRollups(db(), { now: START + 20 * DAY + 3 * HOUR });

    const rows = async (table: "usage_rollups_hour" | "usage_rollups_day") =>
      (
        await db()
          .kysely.selectFrom(table)
          .select(["tenant_id", "bucket", "calls"])
          .where("tenant_id", "in", [a, b])
          .execute()
      )
        .map((r) => `${r.tenant_id === a ? "a" : "b"} ${(Number(r.bucket) - START) / HOUR}h ${Number(r.calls)}`)
        .sort();
    expect(await rows("usage_rollups_hour")).toEqual(["a 1h 1", "a 481h 1", "a 482h 1", "b 1h 2"]);
    expect(await rows("usage_rollups_day")).toEqual(["a 0h 1", "a 480h 2", "b 0h 2"]);

    const latest = await db()
      .kysely.selectFrom("usage_rollups_day_latest")
      .select(["tenant_id", "bucket", "cum_calls"])
      .where("tenant_id", "in", [a, b])
      .where("kind", "=", "app")
      .execute();
    expect(
      latest
        .map((r) => `${r.tenant_id === a ? "a" : "b"} ${(Number(r.bucket) - START) / DAY}d ${Number(r.cum_calls)}`)
        .sort(),
    ).toEqual(["a 20d 3", "b 0d 2"]);
  });
});
