import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createGatewayFixture, fixtureCall, type GatewayFixture } from "../../../tests/factories/gateway";
import { createTestTenant } from "../../../tests/factories/tenants";
import * as m093 from "../../db/migrations/093-usage-records-partitions";
import { writeUsageBatch } from "../metering/metering.queries";
import { enforceUsageRetention } from "./analytics-jobs.service";
import {
  dayOfPartition,
  dayPartitionName,
  dropDayPartitionsBefore,
  ensureDayPartitions,
  listDayPartitions,
  PARTITION_DAYS_AHEAD,
} from "./usage-partitions.queries";

const DAY = 86_400_000;

describeEachDialect("request log day partitions", ({ db, dialect }) => {
  let f: GatewayFixture;
  const call = (at: number, requestId: string) => fixtureCall(f, at, { requestId });
  const requestIds = async () =>
    (await db().kysely.selectFrom("usage_records").select("request_id").execute()).map((r) => r.request_id).sort();
  /** Which table of the partitioned log holds the call (PostgreSQL's tableoid). */
  const holder = async (requestId: string) =>
    (
      await sql<{
        t: string;
      }>`select tableoid::regclass::text as t from usage_records where request_id = ${requestId}`.execute(db().kysely)
    ).rows[0]?.t;

  beforeAll(async () => {
    f = await createGatewayFixture(db(), { upstreamUrl: "http://127.0.0.1:9" });
  });

  it("names a partition by its UTC day and reads the day back", () => {
    const day = Date.UTC(2026, 10, 28);
    expect(dayPartitionName(day)).toBe("usage_records_p20261128");
    expect(dayOfPartition("usage_records_p20261128")).toBe(day);
    expect(dayOfPartition("usage_records_default")).toBeNull();
  });

  it("keeps today and the next days partitioned, each call in its day's table, others in the default one", async () => {
    const now = Date.now();
    const today = Math.floor(now / DAY) * DAY;
    await ensureDayPartitions(db(), now);
    const days = (await listDayPartitions(db())).map((p) => p.day);
    if (dialect === "sqlite") {
      expect(days).toEqual([]);
      return;
    }
    for (let i = 0; i <= PARTITION_DAYS_AHEAD; i++) expect(days).toContain(today + i * DAY);
    await writeUsageBatch(db(), [call(now, "today"), call(now - 90 * DAY, "long-ago")]);
    expect(await holder("today")).toBe(dayPartitionName(today));
    expect(await holder("long-ago")).toBe("usage_records_default");
    // Again: nothing new to make.
    expect((await ensureDayPartitions(db(), now)).created).toEqual([]);
    // A day the default partition holds calls of cannot be split off: skipped, and the calls stay readable.
    const { skipped } = await ensureDayPartitions(db(), now - 90 * DAY);
    expect(skipped).toContain(dayPartitionName(Math.floor((now - 90 * DAY) / DAY) * DAY));
    expect(await requestIds()).toEqual(expect.arrayContaining(["long-ago", "today"]));
  });

  it("drops whole days past the longest retention of any tenant, deletes the rest by tenant", async () => {
    const now = Date.now();
    const old = Math.floor((now - 60 * DAY) / DAY) * DAY;
    // Partitions for 60 days ago (made by the job as it went, back then).
    await ensureDayPartitions(db(), old);
    await writeUsageBatch(db(), [call(old + 1_000, "sixty-days"), call(now - 2 * DAY, "two-days")]);
    const wide = await createTestTenant(db(), { config: { analytics: { retentionDays: 90 } } });
    // One tenant keeps 90 days: the 60-day-old partition stays, this tenant's old call is deleted row by row.
    await enforceUsageRetention(db(), { now });
    expect(await requestIds()).not.toContain("sixty-days");
    expect(await requestIds()).toContain("two-days");
    if (dialect === "postgres") {
      expect((await listDayPartitions(db())).map((p) => p.day)).toContain(old);
      // Past every tenant's retention the day goes as a table.
      await db().kysely.deleteFrom("tenants").where("id", "=", wide.id).execute();
      await enforceUsageRetention(db(), { now });
      expect((await listDayPartitions(db())).map((p) => p.day)).not.toContain(old);
      expect(await requestIds()).toContain("two-days");
    }
    expect(await dropDayPartitionsBefore(db(), now - 400 * DAY)).toEqual([]);
  });

  it("the migration moves an existing log into day partitions (PostgreSQL) and back", async () => {
    if (dialect !== "postgres") return;
    const kysely = db().kysely;
    const at = Date.now() - 3 * DAY;
    await m093.down(kysely);
    const isPartitioned = async () =>
      (
        await sql<{ n: string | number }>`select count(*) as n from pg_partitioned_table
          where partrelid = to_regclass('usage_records')`.execute(kysely)
      ).rows[0]?.n;
    expect(Number(await isPartitioned())).toBe(0);
    await writeUsageBatch(db(), [call(at, "before-migration")]);
    await m093.up(kysely);
    expect(Number(await isPartitioned())).toBe(1);
    expect(await holder("before-migration")).toBe(dayPartitionName(Math.floor(at / DAY) * DAY));
    expect(await requestIds()).toContain("before-migration");
  });
});
