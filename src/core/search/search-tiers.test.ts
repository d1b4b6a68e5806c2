import { describe, expect, it } from "vitest";
import { buildPlan } from "./search-plan";
import { scoreTokens } from "./search-ranking";
import { scoreLevels, wordTiers } from "./search-tiers";

describe("score levels", () => {
  it("lists every reachable score once, best first", () => {
    const plan = buildPlan(["weat"], []);
    expect(scoreLevels(plan).map((l) => l.score)).toEqual([8, 4, 1]);
    const typo = buildPlan(["wether"], ["weather"]);
    expect(wordTiers(typo[0] ?? { token: "", prefix: false, typos: [] })).toEqual([8, 4, 3, 2, 1]);
    expect(scoreLevels(typo).map((l) => l.score)).toEqual([8, 4, 3, 2, 1]);
  });

  it("groups the tier tuples of several words by their sum", () => {
    const levels = scoreLevels(buildPlan(["open", "wether"], ["weather"]));
    expect(levels[0]).toEqual({ score: 16, tuples: [[8, 8]] });
    expect(levels.find((l) => l.score === 12)?.tuples).toEqual([
      [8, 4],
      [4, 8],
    ]);
    // 15 tuples (3 tiers x 5 tiers), each exactly once.
    expect(levels.flatMap((l) => l.tuples)).toHaveLength(15);
    for (const level of levels) for (const t of level.tuples) expect(t.reduce((a, b) => a + b, 0)).toBe(level.score);
  });

  it("agrees with the ranking rule: a document's score is the level its tiers fall in", () => {
    const plan = buildPlan(["weat", "forcast"], ["forecast"]);
    const score = scoreTokens(plan, ["openweathermap", "weather"], ["forecast", "data"]);
    expect(score).toBe(8 + 2);
    expect(scoreLevels(plan).some((l) => l.score === score && l.tuples.some((t) => t[0] === 8 && t[1] === 2))).toBe(
      true,
    );
  });
});
