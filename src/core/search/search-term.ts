/** Longest term the engine looks at; longer input is cut here, never rejected (decision 010, bad input). */
export const MAX_TERM_LENGTH = 200;

// Control characters break JSON analytics payloads in PostgreSQL (\u0000) and are never meaningful in a term.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Spec section 5: slashes are removed from the search term. Also trims, collapses whitespace, drops control
 * characters and caps the length (by code point, so an emoji is never cut in half).
 */
export function cleanSearchTerm(raw: string | null | undefined): string {
  if (!raw) return "";
  const text = raw
    .slice(0, MAX_TERM_LENGTH * 4)
    .replace(/[/\\]/g, "")
    .replace(CONTROL, " ");
  const collapsed = text.replace(/\s+/g, " ").trim();
  const points = Array.from(collapsed);
  return points.length > MAX_TERM_LENGTH ? points.slice(0, MAX_TERM_LENGTH).join("").trim() : collapsed;
}

/** Spec section 5: the query is skipped (and Enter does not navigate) when the cleaned term is empty. */
export function isQueryableTerm(raw: string | null | undefined): boolean {
  return cleanSearchTerm(raw) !== "";
}
