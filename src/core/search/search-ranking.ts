import type { TokenPlan } from "./search-plan";

/*
 * Relevance, one rule for both engines: each query word scores by where and how it matched, the document's score is
 * the sum; ties go to the more popular API, then to the smaller id. Name/provider ("head") beats description
 * ("body"), an exact or prefix match beats a typo correction, and a word found only in endpoints scores least.
 * search.queries.ts evaluates the same rule in SQL with LIKE over the stored " word word " text; scoreTokens below
 * is the TypeScript twin (collections, tests).
 */
export const MATCH_SCORE = {
  headPrefix: 8,
  bodyPrefix: 4,
  headTypo: 3,
  bodyTypo: 2,
  elsewhere: 1,
} as const;

/**
 * The popularity key a search document is ordered by after relevance (issue 15, documented-first discovery): APIs
 * with endpoints to browse and try come before listings without a spec, each group by popularity (0-10). Stored as
 * popularity_milli; it stays within the 0-16,383 range SQLite's rank buckets hold (sqlite-doc-ids.ts).
 */
export function discoveryRankMilli(popularity: number, documented: boolean): number {
  const clamped = Math.min(10, Math.max(0, Number.isFinite(popularity) ? popularity : 0));
  return Math.round(clamped * 500) + (documented ? DOCUMENTED_RANK_BONUS : 0);
}

/** Above any popularity (at most 5,000 once halved): every documented API outranks every undocumented one. */
export const DOCUMENTED_RANK_BONUS = 6_000;

/** LIKE pattern over " word word " text: word start for prefix words, whole word otherwise. */
export function wordPattern(token: string, prefix: boolean): string {
  return prefix ? `% ${token}%` : `% ${token} %`;
}

export function typoPatterns(plan: TokenPlan): string[] {
  return plan.typos.map((t) => wordPattern(t, false));
}

export type WordMatch = "prefix" | "typo" | null;

/** How one query word matches a list of document words (the TypeScript reading of the LIKE patterns). */
export function matchWord(plan: TokenPlan, words: readonly string[]): WordMatch {
  if (words.some((w) => (plan.prefix ? w.startsWith(plan.token) : w === plan.token))) return "prefix";
  if (plan.typos.length > 0 && words.some((w) => plan.typos.includes(w))) return "typo";
  return null;
}

export function wordScore(
  plan: TokenPlan,
  head: readonly string[],
  body: readonly string[],
  otherwise: number,
): number {
  const inHead = matchWord(plan, head);
  if (inHead === "prefix") return MATCH_SCORE.headPrefix;
  const inBody = matchWord(plan, body);
  if (inBody === "prefix") return MATCH_SCORE.bodyPrefix;
  if (inHead === "typo") return MATCH_SCORE.headTypo;
  if (inBody === "typo") return MATCH_SCORE.bodyTypo;
  return otherwise;
}

/** Sum of word scores, or null when some word matches neither head nor body (the document does not match). */
export function scoreTokens(
  plan: readonly TokenPlan[],
  head: readonly string[],
  body: readonly string[],
): number | null {
  let total = 0;
  for (const word of plan) {
    const score = wordScore(word, head, body, 0);
    if (score === 0) return null;
    total += score;
  }
  return total;
}
