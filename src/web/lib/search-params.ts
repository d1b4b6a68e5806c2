import { cleanSearchTerm } from "../../core/search/search-term";

/**
 * The search page's state lives in the URL (spec section 2: /search/{term}, term optional), so every screen can be
 * linked, reloaded and rendered without JavaScript: ?tab=&category=&pricing=&auth=&tag=&sort=&after=.
 */

export const SEARCH_TABS = ["all", "apis", "collections", "resources"] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export const SEARCH_SORTS = ["relevance", "popularity", "rating", "latency", "updated", "name"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The rating facet's choices: "4 stars & up" ... "1 star & up" (?rating=N). */
export const MIN_RATINGS: readonly number[] = [4, 3, 2, 1];

export const PRICING_VALUES = ["FREE", "FREEMIUM", "PAID"] as const;

/** Filter lists are short by nature; longer URLs are cut rather than rejected. */
const MAX_FILTER_VALUES = 10;
const MAX_FILTER_LENGTH = 100;

export interface SearchPageQuery {
  term: string;
  tab: SearchTab;
  categories: string[];
  pricing: string[];
  /** Authentication types as the facet names them ("apiKey", "OAuth"); compared exactly. */
  auth: string[];
  /** "Name:value" pairs of visible tag definitions ("CORS:yes"). */
  tags: string[];
  /** Minimum stars (1-4), or null for any rating. */
  minRating: number | null;
  /** Only APIs with endpoints ("documented=1"). */
  documented: boolean;
  /** Only APIs whose latest health probe found them up ("healthy=1"). */
  healthy: boolean;
  /** null: the default order (relevance with a term, popularity without). */
  sort: SearchSort | null;
  offset: number;
}

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

function listParam(params: URLSearchParams, name: string): string[] {
  const seen = new Set<string>();
  for (const raw of params.getAll(name)) {
    const value = raw.trim();
    if (value !== "" && value.length <= MAX_FILTER_LENGTH) seen.add(value);
    if (seen.size >= MAX_FILTER_VALUES) break;
  }
  return [...seen];
}

/** Spec section 7: `after` is the base64 of an offset. btoa/atob exist in browsers and Node alike. */
export function encodeOffsetCursor(offset: number): string {
  return btoa(String(offset));
}

/** A junk cursor on a page URL means the first page (the GraphQL API is the strict one). */
export function decodeOffsetCursor(cursor: string | null): number {
  if (!cursor || !/^[A-Za-z0-9+/]{1,16}={0,2}$/.test(cursor)) return 0;
  let text: string;
  try {
    text = atob(cursor);
  } catch {
    return 0;
  }
  return /^\d{1,9}$/.test(text) ? Number.parseInt(text, 10) : 0;
}

export function parseSearchQuery(termParam: string | undefined, params: URLSearchParams): SearchPageQuery {
  const tab = params.get("tab");
  const sort = params.get("sort");
  return {
    term: cleanSearchTerm(termParam),
    tab: isOneOf(SEARCH_TABS, tab) ? tab : "all",
    categories: listParam(params, "category"),
    pricing: listParam(params, "pricing")
      .map((p) => p.toUpperCase())
      .filter((p) => isOneOf(PRICING_VALUES, p)),
    auth: listParam(params, "auth"),
    tags: listParam(params, "tag"),
    sort: isOneOf(SEARCH_SORTS, sort) ? sort : null,
    minRating: MIN_RATINGS.includes(Number(params.get("rating"))) ? Number(params.get("rating")) : null,
    documented: params.get("documented") === "1",
    healthy: params.get("healthy") === "1",
    offset: decodeOffsetCursor(params.get("after")),
  };
}

/** The sort select lives in the results header but belongs to the filter form (the `form` attribute). */
export const FILTER_FORM_ID = "search-filter-form";

/** The app path of a term's results page, or null when the cleaned term is empty (spec section 5). */

export function searchHref(rawTerm: string): string | null {
  const term = cleanSearchTerm(rawTerm);
  return term === "" ? null : `/search/${encodeURIComponent(term)}`;
}

/** "/search/{term}" or "/search" when there is no term. */
export function searchBasePath(term: string): string {
  return searchHref(term) ?? "/search";
}

/**
 * The query string for a page state; defaults are left out so URLs stay short and canonical. Changing anything but
 * the cursor starts again at the first page, so callers pass `offset` only for paging links.
 */
export function searchQueryString(query: Omit<SearchPageQuery, "term">): string {
  const params = new URLSearchParams();
  if (query.tab !== "all") params.set("tab", query.tab);
  for (const c of query.categories) params.append("category", c);
  for (const p of query.pricing) params.append("pricing", p);
  for (const a of query.auth) params.append("auth", a);
  for (const t of query.tags) params.append("tag", t);
  if (query.minRating) params.set("rating", String(query.minRating));
  if (query.documented) params.set("documented", "1");
  if (query.healthy) params.set("healthy", "1");
  if (query.sort) params.set("sort", query.sort);
  if (query.offset > 0) params.set("after", encodeOffsetCursor(query.offset));
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

/** The page URL for the same search with some fields changed (first page unless an offset is given). */
export function searchPageHref(query: SearchPageQuery, change: Partial<Omit<SearchPageQuery, "term">>): string {
  const next = { ...query, offset: 0, ...change };
  return `${searchBasePath(next.term)}${searchQueryString(next)}`;
}

/** Toggles one value in a filter list (for the remove-filter chips). */
export function without(values: readonly string[], value: string): string[] {
  return values.filter((v) => v !== value);
}

/**
 * A search landing page (/search/weather: a path term, nothing in the query string, some results) is a page in its own
 * right: indexed under its own address. Its filtered, sorted, paged or tabbed variations are endless, so crawlers
 * follow them but do not index them, and neither an empty result nor the browse page (issue 18).
 */
export function isSearchLandingPage(term: string, search: string, total: number): boolean {
  return term !== "" && search === "" && total > 0;
}
