import { canHaveTypo, pickTypoAlternatives, type TypoCandidateRange, typoCandidateRange } from "./typo";

/** One word of the query and what may match it. */
export interface TokenPlan {
  token: string;
  /** Typeahead: "weat" matches "weather". One-letter words match whole words only. */
  prefix: boolean;
  /** Vocabulary words one edit away ("wether" -> "weather"), matched as whole words. */
  typos: string[];
}

export function allowsPrefix(token: string): boolean {
  return token.length >= 2;
}

/** The vocabulary ranges to fetch typo candidates from, one per query word that may hold a typo. */
export function typoRanges(tokens: readonly string[]): TypoCandidateRange[] {
  const out: TypoCandidateRange[] = [];
  for (const token of tokens) {
    const range = typoCandidateRange(token);
    if (range) out.push(range);
  }
  return out;
}

/** Every query word must match (AND); each word matches by prefix (or exactly) or through one of its typo corrections. */
export function buildPlan(tokens: readonly string[], typoCandidates: readonly string[]): TokenPlan[] {
  return tokens.map((token) => {
    const prefix = allowsPrefix(token);
    const typos = canHaveTypo(token) ? pickTypoAlternatives(token, typoCandidates, prefix) : [];
    return { token, prefix, typos };
  });
}
