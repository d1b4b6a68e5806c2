/**
 * Browser side of search: the typeahead query and the analytics mutations over POST /gateway/graphql (spec section
 * 7). Plain fetch, no GraphQL client: the top bar is on every page, so this stays a few hundred bytes.
 */

import { browserAnalyticsAllowed } from "./consent";
import { loadCsrfToken } from "./graphql-client";

const GRAPHQL_PATH = "/gateway/graphql";

/** Spec section 9: the dropdown shows 6 APIs. */
export const DROPDOWN_PAGE_SIZE = 6;

export interface TypeaheadHit {
  id: string;
  name: string;
  slug: string;
  ownerUsername: string;
  thumbnail: string | null;
  categoryName: string | null;
  /** PUBLIC, or PRIVATE for an API the user was invited to (shown with a lock). */
  visibility: string;
  endpoint: { method: string; path: string; summary: string | null } | null;
}

export interface TypeaheadResult {
  /** The term as this client asked for it (cleaned), to match responses to what is on screen. */
  term: string;
  total: number;
  queryId: string;
  replicaIndex: string;
  hits: TypeaheadHit[];
}

interface GraphQLReply<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

interface TypeaheadData {
  searchApis: {
    total: number;
    queryID: string;
    replicaIndex: string;
    nodes: Array<{
      id: string;
      name: string;
      slugifiedName: string;
      thumbnail: string | null;
      visibility: string;
      user: { username: string };
      category: { name: string } | null;
      matchedEndpoint: { method: string; path: string; summary: string | null } | null;
    }>;
  };
}

// No `facets` in the selection: the server then skips the facet counts (typeahead shape).
const TYPEAHEAD_QUERY = `query SearchBox($term: String!, $first: Int!, $jwt: String) {
  searchApis(term: $term, first: $first, privateApisJwt: $jwt) {
    total queryID replicaIndex
    nodes { id name slugifiedName thumbnail visibility user { username } category { name } matchedEndpoint { method path summary } }
  }
}`;

async function post<T>(body: unknown, init: { signal?: AbortSignal; csrf?: string; keepalive?: boolean }) {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (init.csrf) headers["csrf-token"] = init.csrf;
  const response = await fetch(GRAPHQL_PATH, {
    method: "POST",
    credentials: "same-origin",
    headers,
    body: JSON.stringify(body),
    signal: init.signal,
    keepalive: init.keepalive,
  });
  const reply = (await response.json().catch(() => ({}))) as GraphQLReply<T>;
  return { status: response.status, reply };
}

/**
 * The dropdown's query: the first 6 APIs for a (cleaned, non-empty) term; `privateApisJwt` (signed-in users) adds the
 * private APIs they were invited to. Rejects on network or GraphQL errors.
 */
export async function fetchTypeahead(
  term: string,
  signal?: AbortSignal,
  privateApisJwt: string | null = null,
): Promise<TypeaheadResult> {
  const { reply } = await post<TypeaheadData>(
    {
      query: TYPEAHEAD_QUERY,
      variables: { term, first: DROPDOWN_PAGE_SIZE, jwt: privateApisJwt },
      operationName: "SearchBox",
    },
    { signal },
  );
  const result = reply.data?.searchApis;
  if (!result) throw new Error(reply.errors?.[0]?.message ?? "Search failed");
  return {
    term,
    total: result.total,
    queryId: result.queryID,
    replicaIndex: result.replicaIndex,
    hits: result.nodes.map((n) => ({
      id: n.id,
      name: n.name,
      slug: n.slugifiedName,
      ownerUsername: n.user.username,
      thumbnail: n.thumbnail,
      visibility: n.visibility,
      categoryName: n.category?.name ?? null,
      endpoint: n.matchedEndpoint,
    })),
  };
}

async function mutate(query: string, variables: Record<string, unknown>): Promise<void> {
  // Spec section 4: the CSRF token is loaded once and reused (the app-wide one, primed from the root loader).
  const csrf = await loadCsrfToken();
  // keepalive: a click event must survive the navigation it starts. A 419 (stale token) drops the event: unlike
  // the app's own calls, analytics never reloads the page under the user.
  await post<unknown>({ query, variables }, { csrf, keepalive: true });
}

/** Analytics must never break searching: failures are dropped. Nothing is sent without cookie consent. */
function fireAndForget(work: () => Promise<void>): void {
  if (!browserAnalyticsAllowed()) return;
  work().catch(() => undefined);
}

/** Spec section 7 `Search` event (the caller waits 500 ms after the term stops changing). */
export function trackSearch(term: string, total: number, queryId: string | null): void {
  fireAndForget(() =>
    mutate(
      "mutation TrackSearch($term: String!, $total: Int!, $queryID: String) { trackSearchEvent(term: $term, total: $total, queryID: $queryID) }",
      {
        term,
        total,
        queryID: queryId,
      },
    ),
  );
}

export interface SearchClick {
  productId: string;
  /** The result set's replicaIndex (which ordering was shown). */
  searchIndex: string;
  /** 1-based over the whole result list (page offset included). */
  position: number;
  queryId: string;
}

/** Spec section 7 search-click event (product_id, search_index, position, query_id). */
export function trackSearchClick(click: SearchClick): void {
  fireAndForget(() =>
    mutate(
      "mutation TrackSearchClick($productId: ID!, $searchIndex: String!, $position: Int!, $queryId: String!) { trackSearchClick(productId: $productId, searchIndex: $searchIndex, position: $position, queryId: $queryId) }",
      { ...click },
    ),
  );
}

/** Spec section 7 `PressSubscribe`: a plan's Subscribe button was pressed (the server drops repeats within the hour). */
export function trackPressSubscribe(apiId: string, planId: string): void {
  fireAndForget(() =>
    mutate(
      "mutation TrackPressSubscribe($apiId: ID!, $planId: ID) { trackPressSubscribe(apiId: $apiId, planId: $planId) }",
      {
        apiId,
        planId,
      },
    ),
  );
}
