/*
 * The one tokenizer of the search index. Documents and queries are turned into lowercase words of [a-z0-9] here, in
 * TypeScript, so SQLite FTS5 and PostgreSQL index and match exactly the same tokens (their own tokenizers disagree on
 * things like "12e3x", hyphens, paths and non-Latin scripts).
 */

export const MAX_TOKEN_LENGTH = 40;
/** Query words beyond this are ignored (a 10 KB term must not become a 2,000-word query). */
export const MAX_QUERY_TOKENS = 8;

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;
// Scripts written without spaces: each character is a word, so any run of them can be found.
const UNSPACED = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;
const ASCII_TOKEN = /^[a-z0-9]+$/;

/** Non-ASCII characters become "q" + 5 hex digits: plain ASCII for both engines, prefix-preserving. */
function encodeToken(word: string): string {
  if (ASCII_TOKEN.test(word)) return word.slice(0, MAX_TOKEN_LENGTH);
  let out = "";
  for (const ch of word) {
    out += /[a-z0-9]/.test(ch) ? ch : `q${(ch.codePointAt(0) ?? 0).toString(16).padStart(5, "0")}`;
    if (out.length >= MAX_TOKEN_LENGTH) break;
  }
  return out.slice(0, MAX_TOKEN_LENGTH);
}

function words(text: string): string[] {
  const folded = text.normalize("NFKD").replace(MARKS, "").replace(UNSPACED, " $1 ");
  return folded.match(WORD) ?? [];
}

/** "OpenWeatherMap" -> ["Open", "Weather", "Map"]; "XMLHttp2" -> ["XML", "Http2"]. */
function camelParts(word: string): string[] {
  return word
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(" ");
}

/** Tokens of a document field: lowercased words plus the parts of camelCase words, deduplicated, in order. */
export function documentTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  const out = new Set<string>();
  for (const word of words(text)) {
    out.add(encodeToken(word.toLowerCase()));
    const parts = camelParts(word);
    if (parts.length > 1) for (const part of parts) out.add(encodeToken(part.toLowerCase()));
  }
  out.delete("");
  return [...out];
}

/** Tokens of a search term: lowercased words (no camelCase split: people type what they read), deduplicated. */
export function queryTokens(term: string): string[] {
  const out = new Set<string>();
  for (const word of words(term)) {
    const token = encodeToken(word.toLowerCase());
    if (token !== "") out.add(token);
    if (out.size >= MAX_QUERY_TOKENS) break;
  }
  return [...out];
}

/** Joins the tokens of several fields into the stored form: unique words separated by single spaces. */
export function joinTokens(...fields: string[][]): string {
  return [...new Set(fields.flat())].join(" ");
}

/** Words that can be typo targets: plain letters, at least 3 long (a 4-letter word with one deletion). */
export function isVocabularyWord(token: string): boolean {
  return token.length >= 3 && /^[a-z]+$/.test(token);
}

/**
 * The token that marks a document as belonging to a tenant and being public (or not). It is stored in its own column
 * (scope_text) that user queries never search, so it cannot collide with a word.
 */
export function scopeToken(tenantId: string, isPublic: boolean): string {
  return `${isPublic ? "zp" : "zx"}${Buffer.from(tenantId, "utf8").toString("hex")}`;
}
