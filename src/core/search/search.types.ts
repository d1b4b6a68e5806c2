import type { ApiCard, Paged } from "../catalog/catalog.types";

/** Spec section 9: the dropdown shows 6; pages ask for more, never above this. */
export const MAX_SEARCH_PAGE_SIZE = 50;
export const DEFAULT_SEARCH_PAGE_SIZE = 20;

export type SortField = "RELEVANCE" | "POPULARITY" | "RATING" | "LATENCY" | "UPDATED" | "NAME";
export type SortDirection = "ASC" | "DESC";
export interface SortSpec {
  field: SortField;
  direction: SortDirection;
}

/** The direction a sort field takes when the caller names none. */
export const DEFAULT_DIRECTION: Record<SortField, SortDirection> = {
  RELEVANCE: "DESC",
  POPULARITY: "DESC",
  RATING: "DESC",
  LATENCY: "ASC",
  UPDATED: "DESC",
  NAME: "ASC",
};

/** The operation of the API's current spec that matched the term best. */
export interface MatchedEndpoint {
  id: string;
  method: string;
  path: string;
  summary: string | null;
}

export interface ApiSearchHit extends ApiCard {
  matchedEndpoint: MatchedEndpoint | null;
  /** Relevance (0 when browsing without a term). */
  score: number;
}

export interface FacetCount {
  /** What to pass back as a filter value. */
  value: string;
  label: string;
  count: number;
}

export interface SearchFacets {
  categories: FacetCount[];
  pricingTypes: FacetCount[];
  authTypes: FacetCount[];
}

export interface SearchApisInput {
  term?: string | null;
  collectionIds?: readonly string[] | null;
  /** Category names (or slugs), case-insensitive. */
  categoryNames?: readonly string[] | null;
  /** Tag values ("OAuth") or "Name:value" ("Auth:OAuth"); an API with any of them matches. */
  tags?: readonly string[] | null;
  pricingTypes?: readonly string[] | null;
  authTypes?: readonly string[] | null;
  /** APIs whose average rating is at least this (1-4 stars); null or 0: any. */
  minRating?: number | null;
  /** Only APIs with endpoints (a current spec). */
  hasEndpoints?: boolean | null;
  /** Only APIs whose latest health probe found them up. */
  healthy?: boolean | null;
  /**
   * PRIVATE APIs the caller may also find, already authorized: privateApiIdsFor (signed-in page) or
   * privateApiIdsForSearchToken (GraphQL privateApisJwt) of src/core/access/private-apis.service.ts.
   */
  privateApiIds?: readonly string[] | null;
  sort?: readonly SortSpec[] | null;
  /** false skips the facet counts (the typeahead dropdown only needs the total); default true. */
  facets?: boolean;
  offset: number;
  limit: number;
}

export interface ApiSearchResult extends Paged<ApiSearchHit> {
  /** The cleaned term that was searched (spec section 5). */
  term: string;
  queryId: string;
  replicaIndex: string;
  facets: SearchFacets;
}

export interface ResourceHit extends MatchedEndpoint {
  api: ApiCard;
}

export interface ResourceSearchResult extends Paged<ResourceHit> {
  term: string;
  queryId: string;
}

export interface TagDefinition {
  id: string;
  name: string;
  color: string | null;
  description: string | null;
  status: string;
  type: string;
  values: string[];
  isVisible: boolean;
  showTagName: boolean;
}
