import type { TokenPlan } from "./search-plan";
import { MATCH_SCORE } from "./search-ranking";

/*
 * The relevance order as tiers (docs/decisions/010-search-at-scale.md). A document's score is the sum of its words'
 * tiers (search-ranking.ts), so the documents of one score are those whose words sit at one of the tier combinations
 * ("tuples") adding up to it. Reading the scores from the top, each through an indexed query in popularity order with
 * a LIMIT, fills a page without scoring every match: "ap" matches 40,000 APIs, the first page needs 20 of them.
 */

/** How one word matched: exactly this tier (and no better one). */
export type Tier =
  | typeof MATCH_SCORE.headPrefix
  | typeof MATCH_SCORE.bodyPrefix
  | typeof MATCH_SCORE.headTypo
  | typeof MATCH_SCORE.bodyTypo
  | typeof MATCH_SCORE.elsewhere;

/** One tier per query word, in plan order. */
export type TierTuple = readonly Tier[];

export interface ScoreLevel {
  score: number;
  tuples: TierTuple[];
}

/** Queries with more words are rare and match few documents; they are scored in one pass (see search.service.ts). */
export const MAX_TIERED_WORDS = 3;

/** The tiers a word can reach: typo tiers only exist when the word has corrections. */
export function wordTiers(word: TokenPlan): Tier[] {
  return word.typos.length > 0
    ? [
        MATCH_SCORE.headPrefix,
        MATCH_SCORE.bodyPrefix,
        MATCH_SCORE.headTypo,
        MATCH_SCORE.bodyTypo,
        MATCH_SCORE.elsewhere,
      ]
    : [MATCH_SCORE.headPrefix, MATCH_SCORE.bodyPrefix, MATCH_SCORE.elsewhere];
}

/** Every score the plan can give, best first, with the tier tuples that add up to it. */
export function scoreLevels(plan: readonly TokenPlan[]): ScoreLevel[] {
  let tuples: Tier[][] = [[]];
  for (const word of plan) {
    const tiers = wordTiers(word);
    tuples = tuples.flatMap((t) => tiers.map((tier) => [...t, tier]));
  }
  const byScore = new Map<number, Tier[][]>();
  for (const t of tuples) {
    const score = t.reduce((sum, tier) => sum + tier, 0);
    const list = byScore.get(score) ?? [];
    list.push(t);
    byScore.set(score, list);
  }
  return [...byScore].sort((a, b) => b[0] - a[0]).map(([score, list]) => ({ score, tuples: list }));
}
