import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { CLIENT_EVENTS_PER_HOUR, type ClientEvent, recordClientEvent } from "./client-events.service";
import { topSearchTerms } from "./events.service";

describeEachDialect("client analytics events", ({ db }) => {
  const T = "cev-a";
  const HOUR = 60 * 60 * 1000;
  const search = (term: string): ClientEvent => ({ type: "Search", payload: { term, total: 3, queryID: "q" } });
  const anonymous = (ip: string) => ({ ip, userId: null });

  beforeAll(async () => {
    await createTestTenant(db(), { id: T });
  });

  it("counts a term once per client per hour, however often one client posts it", async () => {
    const t = 10 * HOUR;
    const results: boolean[] = [];
    for (let i = 0; i < 50; i++) {
      results.push(
        await recordClientEvent(
          db(),
          T,
          search(i % 2 ? "Cheap Pills" : "cheap pills "),
          anonymous("203.0.113.5"),
          t + i,
        ),
      );
    }
    expect(results.filter(Boolean)).toHaveLength(1);
    // Two real visitors searching "weather" count twice; a third address cannot make "cheap pills" win.
    await recordClientEvent(db(), T, search("weather"), anonymous("203.0.113.6"), t);
    await recordClientEvent(db(), T, search("weather"), anonymous("198.51.100.9"), t);
    const top = await topSearchTerms(db(), T, { since: t, until: t + HOUR });
    expect(top).toEqual([
      { term: "weather", count: 2 },
      { term: "cheap pills", count: 1 },
    ]);
    // The next hour, the same client counts again.
    expect(await recordClientEvent(db(), T, search("cheap pills"), anonymous("203.0.113.5"), t + HOUR + 1)).toBe(true);
  });

  it("de-duplicates a signed-in user across addresses, and clicks by product, position and query", async () => {
    const t = 20 * HOUR;
    const user = (ip: string) => ({ ip, userId: "usr_1" });
    expect(await recordClientEvent(db(), T, search("maps"), user("203.0.113.20"), t)).toBe(true);
    expect(await recordClientEvent(db(), T, search("maps"), user("203.0.113.21"), t)).toBe(false);
    const click = (position: number): ClientEvent => ({
      type: "SearchClick",
      payload: { product_id: "api_1", search_index: "apis", position, query_id: "q9" },
    });
    expect(await recordClientEvent(db(), T, click(1), anonymous("203.0.113.22"), t)).toBe(true);
    expect(await recordClientEvent(db(), T, click(1), anonymous("203.0.113.22"), t)).toBe(false);
    expect(await recordClientEvent(db(), T, click(2), anonymous("203.0.113.22"), t)).toBe(true);
  });

  it("stops one address at its hourly budget, whatever the terms", async () => {
    const t = 30 * HOUR;
    let recorded = 0;
    for (let i = 0; i < CLIENT_EVENTS_PER_HOUR + 20; i++) {
      if (await recordClientEvent(db(), T, search(`term ${i}`), anonymous("2001:db8:1:2::7"), t)) recorded += 1;
    }
    expect(recorded).toBe(CLIENT_EVENTS_PER_HOUR);
    // Another address of the same /64 shares the budget; another network does not.
    expect(await recordClientEvent(db(), T, search("fresh"), anonymous("2001:db8:1:2::8"), t)).toBe(false);
    expect(await recordClientEvent(db(), T, search("fresh"), anonymous("2001:db8:9:9::1"), t)).toBe(true);
    const stored = await db()
      .kysely.selectFrom("events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", T)
      .where("created_at", "=", t)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(CLIENT_EVENTS_PER_HOUR + 1);
  });

  it("refuses a bad payload before counting anything", async () => {
    await expect(recordClientEvent(db(), T, search("   "), anonymous("203.0.113.30"), 40 * HOUR)).rejects.toMatchObject(
      { code: "BAD_REQUEST" },
    );
    expect(await recordClientEvent(db(), T, search("ok"), anonymous("203.0.113.30"), 40 * HOUR)).toBe(true);
  });
});
