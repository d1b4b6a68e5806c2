/** One typo is forgiven in words of at least this many letters (decision 010: 'wether', 'transalte'). */
export const MIN_TYPO_LENGTH = 4;
/** Corrections kept per query word, so a short word cannot fan out into a huge query. */
export const MAX_TYPO_ALTERNATIVES = 16;

/**
 * True when b is a within one edit of a: one substitution, insertion, deletion or swap of two neighbouring letters
 * (optimal string alignment distance <= 1). Linear time; no matrix.
 */
export function isWithinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Where the vocabulary can hold a one-edit neighbour of `token`, so engines fetch a small candidate set (checked with
 * isWithinOneEdit afterwards). With k = floor(n/2): an edit that touches only positions >= k keeps the first k letters;
 * any other edit (positions < k, or a swap of k-1 and k) keeps letters k+1.. as a suffix. Lengths differ by at most 1.
 * Both lookups are index ranges: no neighbour is ever missed, so both engines get the same corrections.
 */
export interface TypoCandidateRange {
  prefix: string;
  suffix: string;
  minLength: number;
  maxLength: number;
}

export function typoCandidateRange(token: string): TypoCandidateRange | null {
  if (!canHaveTypo(token)) return null;
  const k = Math.floor(token.length / 2);
  return {
    prefix: token.slice(0, k),
    suffix: token.slice(k + 1),
    minLength: token.length - 1,
    maxLength: token.length + 1,
  };
}

export function canHaveTypo(token: string): boolean {
  return token.length >= MIN_TYPO_LENGTH && /^[a-z]+$/.test(token);
}

/**
 * The corrections of `token` among `candidates`: one edit away, not already covered by prefix matching, sorted
 * (shortest edit first is meaningless at distance 1; alphabetical keeps both engines identical), capped.
 */
export function pickTypoAlternatives(token: string, candidates: Iterable<string>, prefixMatching: boolean): string[] {
  const out = new Set<string>();
  for (const c of candidates) {
    if (c === token) continue;
    if (prefixMatching && c.startsWith(token)) continue;
    if (isWithinOneEdit(token, c)) out.add(c);
  }
  return [...out].sort().slice(0, MAX_TYPO_ALTERNATIVES);
}
