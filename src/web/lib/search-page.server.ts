import { DEFAULT_LOCALE, type Locale } from "../../common/locales";
import { privateApiIdsFor } from "../../core/access/private-apis.service";
import type { Viewer } from "../../core/accounts/accounts.types";
import { getCatalogLocalizer } from "../../core/catalog/catalog-translations.service";
import { listVisibleTags, searchApis, searchCollections, searchResources } from "../../core/search/search.service";
import { DEFAULT_DIRECTION, type TagDefinition } from "../../core/search/search.types";
import type { SearchBackend } from "../../core/search/search-backend";
import type { Db } from "../../db/connection";
import type { SearchPageQuery, SearchSort } from "./search-params";

/** Results per page on every tab (a multiple of the 2, 3 and 4 card columns). */
export const SEARCH_PAGE_SIZE = 24;
/** The All tab's previews (spec section 2: top collections, top resources). */
export const TOP_COLLECTIONS = 3;
export const TOP_RESOURCES = 5;

const SORT_FIELDS = {
  relevance: "RELEVANCE",
  popularity: "POPULARITY",
  rating: "RATING",
  latency: "LATENCY",
  updated: "UPDATED",
  name: "NAME",
} as const satisfies Record<SearchSort, string>;

/**
 * Tag names that mean a facet the page already counts (docs/decisions/011-search-page-facets.md): such a tag is not
 * offered again as an uncounted checkbox group (the demo's visible "Auth" tag repeats each API's auth type). Its
 * values still work as filters from a URL and still show as chips.
 */
const FACET_TAG_NAMES = new Set(["auth", "authentication", "auth type", "category", "categories", "pricing"]);

export function isFacetTag(name: string): boolean {
  return FACET_TAG_NAMES.has(name.trim().toLowerCase());
}

/** A tag filter is kept only when it names a visible tag definition and one of its values ("CORS:yes"). */
export function visibleTagFilters(tags: readonly string[], definitions: readonly TagDefinition[]): string[] {
  return tags.filter((tag) => {
    const at = tag.indexOf(":");
    if (at <= 0) return false;
    const name = tag.slice(0, at);
    const value = tag.slice(at + 1);
    return definitions.some((d) => d.isVisible && d.name === name && d.values.includes(value));
  });
}

/**
 * Everything the search page shows for one URL, read straight from the core search service (the same functions the
 * GraphQL resolvers call). Every tab shows the three totals, so the other two searches ask for a single row.
 */
export async function loadSearchPage(
  db: Db,
  search: SearchBackend,
  tenantId: string,
  query: SearchPageQuery,
  viewer: Viewer | null = null,
  locale: Locale = DEFAULT_LOCALE,
  healthCheckOn = true,
) {
  // The page is rendered on the server with the session: a signed-in user also finds the private APIs they were
  // given (the typeahead, a browser call, sends the private search token instead).
  const [tagDefinitions, privateApiIds, localizer] = await Promise.all([
    listVisibleTags(db, tenantId),
    privateApiIdsFor(db, tenantId, viewer),
    getCatalogLocalizer(db, tenantId, locale),
  ]);
  const tags = visibleTagFilters(query.tags, tagDefinitions);
  const { tab, term } = query;
  const onApis = tab === "all" || tab === "apis";
  const apiPage = onApis ? { offset: query.offset, limit: SEARCH_PAGE_SIZE } : { offset: 0, limit: 1 };
  const collectionPage =
    tab === "collections"
      ? { offset: query.offset, limit: SEARCH_PAGE_SIZE }
      : { offset: 0, limit: tab === "all" ? TOP_COLLECTIONS : 1 };
  const resourcePage =
    tab === "resources"
      ? { offset: query.offset, limit: SEARCH_PAGE_SIZE }
      : { offset: 0, limit: tab === "all" ? TOP_RESOURCES : 1 };

  const [apis, collections, resources] = await Promise.all([
    searchApis(
      db,
      tenantId,
      {
        term,
        categoryNames: query.categories,
        pricingTypes: query.pricing,
        authTypes: query.auth,
        minRating: query.minRating,
        hasEndpoints: query.documented,
        // The tenant's health-check switch off: no health shown, so no health filter either.
        healthy: query.healthy && healthCheckOn,
        tags,
        sort: query.sort
          ? [{ field: SORT_FIELDS[query.sort], direction: DEFAULT_DIRECTION[SORT_FIELDS[query.sort]] }]
          : null,
        facets: onApis,
        privateApiIds,
        ...apiPage,
      },
      search,
    ),
    searchCollections(db, tenantId, { term, ...collectionPage, localize: localizer.collection }),
    searchResources(db, tenantId, { term, ...resourcePage }, search),
  ]);

  return {
    healthCheckOn,
    query: { ...query, tags },
    tagDefinitions: tagDefinitions.map((d) => ({
      name: d.name,
      values: d.values,
      showTagName: d.showTagName,
      filterGroup: !isFacetTag(d.name),
    })),
    apis: {
      items: onApis ? apis.items.map(({ score: _score, ...hit }) => localizer.card(hit)) : [],
      total: apis.total,
      offset: apis.offset,
      limit: apis.limit,
      queryId: apis.queryId,
      replicaIndex: apis.replicaIndex,
      // Category facets keep the en-US name as their filter value (URLs stay the same in every language).
      facets: apis.facets && {
        ...apis.facets,
        categories: apis.facets.categories.map((f) => ({
          ...f,
          label: localizer.categoryName(f.value, f.label) ?? f.label,
        })),
      },
    },
    collections: {
      items: tab === "all" || tab === "collections" ? collections.items : [],
      total: collections.total,
      offset: collections.offset,
      limit: collections.limit,
    },
    resources: {
      items: tab === "all" || tab === "resources" ? resources.items : [],
      total: resources.total,
      offset: resources.offset,
      limit: resources.limit,
      queryId: resources.queryId,
    },
  };
}

export type SearchPageData = Awaited<ReturnType<typeof loadSearchPage>>;
