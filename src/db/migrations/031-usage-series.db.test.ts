import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { countRecordsByReason } from "../../core/metering/metering.queries";
import * as m031 from "./031-usage-series";

const T0 = Date.UTC(2026, 0, 5, 10, 0, 0);

/** usage_records as migration 030 made it (one wide row per call). */
interface WideRecordsTable {
  id: string;
  tenant_id: string;
  api_id: string | null;
  endpoint: string | null;
  app_id: string | null;
  key_id: string | null;
  plan_id: string | null;
  subscription_id: string | null;
  status: number;
  reason: string;
  billable: number;
  latency_us: number;
  bytes_in: number;
  bytes_out: number;
  created_at: number;
}

describeEachDialect("migration 031 (usage series)", ({ db }) => {
  it("carries wide usage records over to series and back", async () => {
    const kysely = db().kysely;
    // The table as migration 030 left it, which the current Database type (031's shape) no longer describes.
    const wideDb = kysely as unknown as Kysely<{ usage_records: WideRecordsTable }>;
    await m031.down(kysely);
    const row = (id: string, over: Partial<WideRecordsTable> = {}): WideRecordsTable => ({
      id,
      tenant_id: "t1",
      api_id: "api_1",
      endpoint: "GET /a",
      app_id: "app_1",
      key_id: "key_1",
      plan_id: "pln_1",
      subscription_id: "sub_1",
      status: 200,
      reason: "ok",
      billable: 1,
      latency_us: 900,
      bytes_in: 0,
      bytes_out: 10,
      created_at: T0,
      ...over,
    });
    await wideDb
      .insertInto("usage_records")
      .values([
        row("ur_1"),
        row("ur_2"),
        row("ur_3", { status: 401, reason: "invalid_key", billable: 0, key_id: null, app_id: null, plan_id: null }),
        row("ur_4", { api_id: "api_2", endpoint: null }),
      ])
      .execute();
    await m031.up(kysely);

    const series = await db().kysely.selectFrom("usage_series").selectAll().where("tenant_id", "=", "t1").execute();
    expect(series).toHaveLength(3);
    const api1 = await countRecordsByReason(db(), "t1", { from: T0, to: T0 + 1, apiId: "api_1" });
    expect(api1.sort((a, b) => a.reason.localeCompare(b.reason))).toEqual([
      { reason: "invalid_key", billable: false, count: 1 },
      { reason: "ok", billable: true, count: 2 },
    ]);
    expect(await countRecordsByReason(db(), "t1", { from: T0, to: T0 + 1, appId: "app_1" })).toEqual([
      { reason: "ok", billable: true, count: 3 },
    ]);

    // And down again: the wide rows come back (absent ids as NULL), then up for the rest of the schema's users.
    await m031.down(kysely);
    const wide = await wideDb.selectFrom("usage_records").selectAll().where("tenant_id", "=", "t1").execute();
    expect(wide).toHaveLength(4);
    expect(wide.filter((w) => w.key_id === null)).toHaveLength(1);
    expect(wide.filter((w) => w.endpoint === null)).toHaveLength(1);
    await m031.up(kysely);
    expect(await countRecordsByReason(db(), "t1", { from: T0, to: T0 + 1 })).toHaveLength(2);
  });
});
