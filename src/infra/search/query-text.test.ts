import { describe, expect, it } from "vitest";
import { buildPlan } from "../../core/search/search-plan";
import { queryTokens } from "../../core/search/search-tokens";
import { tsQuery } from "./postgres-fts-backend";
import { fts5Query, fts5Tier, tallyCodes } from "./sqlite-fts5-backend";

describe("engine query text", () => {
  const plan = buildPlan(queryTokens('wether "NEAR(x AND y*)" ^a'), ["weather"]);

  it("builds the same AND-of-ORs for FTS5 and tsquery from sanitized words only", () => {
    expect(fts5Query(plan)).toBe('("wether"* OR "weather") AND ("near"*) AND ("x") AND ("and"*) AND ("y") AND ("a")');
    expect(tsQuery(plan)).toBe("('wether':* | 'weather') & ('near':*) & ('x') & ('and':*) & ('y') & ('a')");
  });
});

describe("sqlite tier expressions and facet codes", () => {
  it("keeps each tier exclusive of the better ones", () => {
    const [w] = buildPlan(["wether"], ["weather"]);
    if (!w) throw new Error("no plan");
    expect(fts5Tier(w, 8)).toBe('({head_text}: ("wether"*))');
    expect(fts5Tier(w, 4)).toBe('(({body_text}: ("wether"*)) NOT ({head_text}: ("wether"*)))');
    expect(fts5Tier(w, 1)).toBe(
      '(({endpoint_text}: ("wether"* OR "weather")) NOT ({head_text body_text}: ("wether"* OR "weather")))',
    );
  });

  it("tallies the codes of a group_concat", () => {
    expect([...tallyCodes("3,3,12,0,3")]).toEqual([
      [3, 3],
      [12, 1],
      [0, 1],
    ]);
    expect(tallyCodes("").size).toBe(0);
  });
});
