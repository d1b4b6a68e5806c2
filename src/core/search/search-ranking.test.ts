import { describe, expect, it } from "vitest";
import type { FacetGroupRow } from "./search.queries";
import { summarizeFacets } from "./search-facets";
import { buildPlan } from "./search-plan";
import { discoveryRankMilli, MATCH_SCORE, matchWord, scoreTokens, wordPattern } from "./search-ranking";

describe("buildPlan", () => {
  it("matches by prefix from two letters, whole words below, and adds one-edit corrections from the vocabulary", () => {
    const plan = buildPlan(["wether", "a", "weat"], ["weather", "whether", "wheat", "meat", "west"]);
    expect(plan).toEqual([
      { token: "wether", prefix: true, typos: ["weather", "whether"] },
      { token: "a", prefix: false, typos: [] },
      { token: "weat", prefix: true, typos: ["meat", "west", "wheat"] },
    ]);
  });
});

describe("ranking", () => {
  const weather = buildPlan(["weather"], []);
  it("puts name/provider matches above description matches, exact/prefix above typo, endpoints last", () => {
    const name = scoreTokens(weather, ["open", "weather"], []);
    const description = scoreTokens(weather, ["sunny"], ["weather", "data"]);
    expect(name).toBe(MATCH_SCORE.headPrefix);
    expect(description).toBe(MATCH_SCORE.bodyPrefix);
    const typo = buildPlan(["wether"], ["weather"]);
    expect(scoreTokens(typo, ["weather"], [])).toBe(MATCH_SCORE.headTypo);
    expect(scoreTokens(typo, [], ["weather"])).toBe(MATCH_SCORE.bodyTypo);
    expect(MATCH_SCORE.elsewhere).toBeLessThan(MATCH_SCORE.bodyTypo);
    expect(scoreTokens(weather, ["sunny"], ["rain"])).toBeNull();
  });

  it("requires every word and sums their scores", () => {
    const plan = buildPlan(["weather", "forecast"], []);
    expect(scoreTokens(plan, ["weather"], ["forecasts"])).toBe(MATCH_SCORE.headPrefix + MATCH_SCORE.bodyPrefix);
    expect(scoreTokens(plan, ["weather"], [])).toBeNull();
  });

  it("reads the SQL LIKE patterns the same way: prefix at a word start, whole word for one letter", () => {
    expect(wordPattern("weat", true)).toBe("% weat%");
    expect(wordPattern("a", false)).toBe("% a %");
    expect(matchWord({ token: "eat", prefix: true, typos: [] }, ["weather"])).toBeNull();
    expect(matchWord({ token: "weat", prefix: true, typos: [] }, ["weather"])).toBe("prefix");
  });
});

describe("summarizeFacets", () => {
  const groups: FacetGroupRow[] = [
    { category_id: "c1", pricing_type: "FREE", auth_type: "apiKey", n: 3 },
    { category_id: "c1", pricing_type: "PAID", auth_type: null, n: 2 },
    { category_id: "c2", pricing_type: "FREE", auth_type: "OAuth", n: 4 },
    { category_id: null, pricing_type: "FREEMIUM", auth_type: "apiKey", n: 1 },
  ];
  const names = new Map([
    ["c1", "Weather"],
    ["c2", "Finance"],
  ]);

  it("counts everything without filters", () => {
    const { total, facets } = summarizeFacets(groups, {}, names);
    expect(total).toBe(10);
    expect(facets.categories).toEqual(
      [
        { value: "Finance", label: "Finance", count: 4 },
        { value: "Weather", label: "Weather", count: 5 },
      ].sort((a, b) => b.count - a.count),
    );
    expect(facets.pricingTypes.map((f) => [f.value, f.count])).toEqual([
      ["FREE", 7],
      ["PAID", 2],
      ["FREEMIUM", 1],
    ]);
    expect(facets.authTypes.map((f) => [f.value, f.count])).toEqual([
      ["OAuth", 4],
      ["apiKey", 4],
    ]);
  });

  it("is disjunctive: a facet ignores its own filter but applies the others", () => {
    const { total, facets } = summarizeFacets(groups, { categoryIds: ["c1"], pricingTypes: ["FREE"] }, names);
    expect(total).toBe(3);
    expect(facets.categories.map((f) => [f.value, f.count])).toEqual([
      ["Finance", 4],
      ["Weather", 3],
    ]);
    expect(facets.pricingTypes.map((f) => [f.value, f.count])).toEqual([
      ["FREE", 3],
      ["PAID", 2],
    ]);
    expect(facets.authTypes.map((f) => [f.value, f.count])).toEqual([["apiKey", 3]]);
  });
});

describe("discoveryRankMilli (documented-first discovery)", () => {
  it("puts every documented API above every undocumented one, each group by popularity", () => {
    const documentedLeast = discoveryRankMilli(0, true);
    const undocumentedMost = discoveryRankMilli(10, false);
    expect(documentedLeast).toBeGreaterThan(undocumentedMost);
    expect(discoveryRankMilli(7.5, true)).toBeGreaterThan(discoveryRankMilli(7.4, true));
    expect(discoveryRankMilli(2.1, false)).toBeGreaterThan(discoveryRankMilli(2, false));
  });

  it("stays within the rank range of SQLite's document ids and clamps nonsense", () => {
    expect(discoveryRankMilli(10, true)).toBeLessThanOrEqual(16_383);
    expect(discoveryRankMilli(99, true)).toBe(discoveryRankMilli(10, true));
    expect(discoveryRankMilli(-3, false)).toBe(0);
    expect(discoveryRankMilli(Number.NaN, false)).toBe(0);
  });
});
