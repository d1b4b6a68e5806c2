import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { isAppError } from "../errors/app-error";
import { clickThroughByPosition, recordEvent, topSearchTerms, zeroResultSearchTerms } from "./events.service";
import type { AnalyticsEvent } from "./events.types";

describeEachDialect("events", ({ db }) => {
  const A = "evt-a";
  const B = "evt-b";
  const search = (term: string, total: number): AnalyticsEvent => ({
    type: "Search",
    payload: { term, total, queryID: "q1" },
  });
  const click = (position: number): AnalyticsEvent => ({
    type: "SearchClick",
    payload: { product_id: "api_1", search_index: "apis", position, query_id: "q1" },
  });

  beforeAll(async () => {
    await createTestTenant(db(), { id: A });
    await createTestTenant(db(), { id: B });
    const t = 1_000;
    for (const [term, total] of [
      ["Weather", 12],
      ["weather ", 12],
      ["/weather/", 12],
      ["translate", 3],
      ["translate", 3],
      ["zzqx", 0],
      ["Zzqx", 0],
      ["nothing here", 0],
      ["🙂 \u0000\"'", 0],
    ] as const) {
      await recordEvent(db(), A, search(term, total), t);
    }
    await recordEvent(db(), A, search("late", 1), 5_000);
    for (const p of [1, 1, 2, 1, 5]) await recordEvent(db(), A, click(p), t);
    await recordEvent(db(), B, search("weather", 0), t);
    await recordEvent(db(), B, click(3), t);
  });

  it("stores validated events with their tenant, type and JSON payload", async () => {
    const rows = await db().kysely.selectFrom("events").selectAll().where("tenant_id", "=", A).execute();
    expect(rows).toHaveLength(15);
    const first = rows.find((r) => r.type === "SearchClick");
    expect(JSON.parse(first?.payload ?? "{}")).toEqual({
      product_id: "api_1",
      search_index: "apis",
      position: 1,
      query_id: "q1",
    });
    expect(first?.user_id).toBeNull();
  });

  it("refuses payloads that do not fit the type", async () => {
    const bad: unknown[] = [
      { type: "SearchClick", payload: { product_id: "a", search_index: "apis", position: 0, query_id: "q" } },
      { type: "SearchClick", payload: { product_id: "a", search_index: "apis", position: 1 } },
      { type: "Search", payload: { term: "x", total: -1, queryID: null } },
      { type: "Search", payload: { term: "x", total: 1, queryID: null, extra: "no" } },
      { type: "Search", payload: { term: " // ", total: 1, queryID: null } },
      { type: "Followed", payload: {} },
    ];
    for (const event of bad) {
      const error = await recordEvent(db(), A, event as AnalyticsEvent).catch((e: unknown) => e);
      expect(isAppError(error) && error.code === "BAD_REQUEST").toBe(true);
    }
  });

  it("reports top terms (cleaned, case-folded) and zero-result terms of the tenant only", async () => {
    expect(await topSearchTerms(db(), A, { until: 2_000, limit: 3 })).toEqual([
      { term: "weather", count: 3 },
      { term: "translate", count: 2 },
      { term: "zzqx", count: 2 },
    ]);
    expect(await zeroResultSearchTerms(db(), A, { limit: 10 })).toEqual([
      { term: "zzqx", count: 2 },
      { term: "nothing here", count: 1 },
      { term: "🙂 \"'", count: 1 },
    ]);
    expect(await topSearchTerms(db(), A, { since: 4_000 })).toEqual([{ term: "late", count: 1 }]);
    expect(await topSearchTerms(db(), B)).toEqual([{ term: "weather", count: 1 }]);
  });

  it("reports clicks and click-through rate by position", async () => {
    expect(await clickThroughByPosition(db(), A, { until: 2_000 })).toEqual([
      { position: 1, clicks: 3, clickThroughRate: 3 / 9 },
      { position: 2, clicks: 1, clickThroughRate: 1 / 9 },
      { position: 5, clicks: 1, clickThroughRate: 1 / 9 },
    ]);
    expect(await clickThroughByPosition(db(), B)).toEqual([{ position: 3, clicks: 1, clickThroughRate: 1 }]);
  });
});
