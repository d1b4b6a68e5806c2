import type { Db } from "../../db/connection";
import { listApiCardsByIds } from "../catalog/api-read-model";
import { listCollections } from "../catalog/catalog.service";
import type { CollectionSummary, Paged } from "../catalog/catalog.types";
import {
  countResources,
  type PageCounts,
  type RankedApiRow,
  selectBestEndpoints,
  selectCategoryRefs,
  selectPrivateMatches,
  selectRankedResources,
  selectSearchPage,
  selectVisibleTagDefinitions,
} from "./search.queries";
import type {
  ApiSearchHit,
  ApiSearchResult,
  MatchedEndpoint,
  ResourceSearchResult,
  SearchApisInput,
  SearchFacets,
  TagDefinition,
} from "./search.types";
import type { FacetFilters, SearchBackend } from "./search-backend";
import type { DocumentSource, SearchFilters } from "./search-conditions";
import { EMPTY_FACETS, inFacetFilters, summarizeFacets } from "./search-facets";
import { syncSearchIndex } from "./search-index";
import { buildPlan, type TokenPlan, typoRanges } from "./search-plan";
import { scoreTokens } from "./search-ranking";
import { clampSearchPage, newQueryId, normalizeSort, replicaIndexName } from "./search-request";
import { cleanSearchTerm } from "./search-term";
import {
  canReadByTiers,
  mergePrivate,
  ONE_PASS_MAX_MATCHES,
  publicDocumentsHint,
  readByTiers,
  type SearchTuning,
} from "./search-tiered-path";
import { scoreLevels } from "./search-tiers";
import { documentTokens, queryTokens } from "./search-tokens";

function nonEmpty(values: readonly string[] | null | undefined): readonly string[] | undefined {
  if (!values) return undefined;
  const kept = values.map((v) => v.trim()).filter((v) => v !== "");
  return kept.length === 0 ? undefined : kept;
}

/** A minimum rating from 1 to 4 stars; anything else (absent, 0, junk) filters nothing. */
export function minRatingOf(value: number | null | undefined): number | undefined {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 4) return undefined;
  return value;
}

/**
 * searchApis (spec section 7): public APIs of the tenant (plus the private ones in input.privateApiIds) matching the term (every word, by prefix or with one typo),
 * filtered, ordered, paged, with facets and, per API, the endpoint that matched. An empty term browses the catalog;
 * a term with no searchable word (only punctuation or emoji) matches nothing. Never throws on term content.
 */
export async function searchApis(
  db: Db,
  tenantId: string,
  input: SearchApisInput,
  backend: SearchBackend,
  tuning: SearchTuning = { onePassMaxMatches: ONE_PASS_MAX_MATCHES },
): Promise<ApiSearchResult> {
  const page = clampSearchPage(input);
  const term = cleanSearchTerm(input.term);
  const tokens = queryTokens(term);
  const sort = normalizeSort(input.sort, term !== "");
  const base = {
    term,
    queryId: newQueryId(),
    replicaIndex: replicaIndexName(sort),
    offset: page.offset,
    limit: page.limit,
  };
  if (term !== "" && tokens.length === 0) return { ...base, items: [], total: 0, facets: EMPTY_FACETS };

  // Independent reads run side by side (PostgreSQL's pool overlaps them; SQLite runs them in turn anyway).
  const [rebuilt, categories, typoCandidates] = await Promise.all([
    syncSearchIndex(db, tenantId, backend),
    selectCategoryRefs(db, tenantId),
    backend.typoCandidates(db, tenantId, typoRanges(tokens)),
  ]);
  const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
  const wantedCategories = nonEmpty(input.categoryNames)?.map((n) => n.toLowerCase());
  const filters: SearchFilters = {
    categoryIds: wantedCategories
      ? categories
          .filter((c) => wantedCategories.includes(c.name.toLowerCase()) || wantedCategories.includes(c.slug))
          .map((c) => c.id)
      : undefined,
    pricingTypes: nonEmpty(input.pricingTypes)?.map((p) => p.toUpperCase()),
    authTypes: nonEmpty(input.authTypes),
    collectionIds: nonEmpty(input.collectionIds),
    tags: nonEmpty(input.tags),
    minRating: minRatingOf(input.minRating),
    documented: input.hasEndpoints === true ? true : undefined,
    healthy: input.healthy === true ? true : undefined,
    privateApiIds: nonEmpty(input.privateApiIds),
  };
  const privateIds = filters.privateApiIds ?? [];

  const plan = buildPlan(tokens, typoCandidates);
  const source: DocumentSource =
    plan.length > 0 ? backend.match("apis", plan) : { from: backend.all("apis"), where: null };
  const withFacets = input.facets !== false;
  const onePass = (counts: PageCounts) =>
    selectSearchPage(db, tenantId, backend, source, plan, filters, sort, page, counts);

  let total: number;
  let facets: SearchFacets = EMPTY_FACETS;
  let ranked: RankedApiRow[];
  if (
    canReadByTiers(plan, sort, filters, page) &&
    (await publicDocumentsHint(db, tenantId, rebuilt)) > tuning.onePassMaxMatches
  ) {
    // Counting reads only the full-text index (and the facet columns); the page is read tier by tier when the
    // matches are many, or scored in one pass when they are few (docs/decisions/010-search-at-scale.md).
    const facetFilters: FacetFilters = {
      categoryIds: filters.categoryIds,
      pricingTypes: filters.pricingTypes,
      authTypes: filters.authTypes,
    };
    // The index counts public documents only; the caller's private matches (a few) are counted beside them.
    const privateMatching = selectPrivateMatches(db, tenantId, plan, privateIds);
    const counting = withFacets
      ? Promise.all([backend.matchGroups(db, tenantId, plan), privateMatching]).then(([groups, privateRows]) => ({
          publicTotal: summarizeFacets(groups, filters, categoryNames).total,
          ...summarizeFacets([...groups, ...privateRows], filters, categoryNames),
        }))
      : Promise.all([backend.matchCount(db, tenantId, plan, facetFilters), privateMatching]).then(
          ([n, privateRows]) => ({
            publicTotal: n,
            total: n + privateRows.filter((r) => inFacetFilters(r, facetFilters)).length,
            facets: EMPTY_FACETS,
          }),
        );
    // With a pool, the best tier is read while the matches are counted (wasted when the matches turn out few).
    const levels = scoreLevels(plan);
    const need = page.offset + page.limit;
    const first =
      backend.concurrentReads && levels[0]
        ? backend.levelPage(db, tenantId, plan, levels[0].tuples, facetFilters, need)
        : null;
    const [counted, firstIds, privateRows] = await Promise.all([counting, first, privateMatching]);
    ({ total, facets } = counted);
    if (total === 0 || page.offset >= total) ranked = [];
    else if (total <= tuning.onePassMaxMatches) ranked = (await onePass("none")).ranked;
    else {
      const publicPrefix = await readByTiers(
        db,
        tenantId,
        backend,
        plan,
        facetFilters,
        page,
        counted.publicTotal,
        firstIds,
      );
      const privateInFilters = privateRows.filter((r) => inFacetFilters(r, facetFilters));
      ranked = await mergePrivate(db, tenantId, publicPrefix, privateInFilters, page);
    }
  } else {
    const result = await onePass(withFacets ? "facets" : "total");
    ranked = result.ranked;
    ({ total, facets } = withFacets
      ? summarizeFacets(result.groups, filters, categoryNames)
      : { total: result.groups[0]?.n ?? 0, facets: EMPTY_FACETS });
  }
  if (ranked.length === 0) return { ...base, items: [], total, facets };

  const ids = ranked.map((r) => r.api_id);
  const [cardList, bestEndpoints] = await Promise.all([
    listApiCardsByIds(db, tenantId, ids, privateIds),
    selectBestEndpoints(db, tenantId, backend, ids, plan, privateIds),
  ]);
  const cards = new Map(cardList.map((c) => [c.id, c]));
  const endpoints = new Map<string, MatchedEndpoint>();
  for (const e of bestEndpoints) {
    endpoints.set(e.api_id, { id: e.endpoint_id, method: e.method, path: e.path, summary: e.summary });
  }
  const items: ApiSearchHit[] = [];
  for (const r of ranked) {
    const card = cards.get(r.api_id);
    if (card) items.push({ ...card, score: r.score, matchedEndpoint: endpoints.get(r.api_id) ?? null });
  }
  return { ...base, items, total, facets };
}

/** The Resources tab: endpoints of public APIs' current specs matching every word; each names its API. */
export async function searchResources(
  db: Db,
  tenantId: string,
  input: { term?: string | null; offset: number; limit: number },
  backend: SearchBackend,
): Promise<ResourceSearchResult> {
  const page = clampSearchPage(input);
  const term = cleanSearchTerm(input.term);
  const tokens = queryTokens(term);
  const base = { term, queryId: newQueryId(), offset: page.offset, limit: page.limit };
  if (tokens.length === 0) return { ...base, items: [], total: 0 };

  const [, typoCandidates] = await Promise.all([
    syncSearchIndex(db, tenantId, backend),
    backend.typoCandidates(db, tenantId, typoRanges(tokens)),
  ]);
  const plan = buildPlan(tokens, typoCandidates);
  const source = backend.match("endpoints", plan);
  const total = await countResources(db, tenantId, source);
  if (total === 0 || page.offset >= total) return { ...base, items: [], total };
  const rows = await selectRankedResources(db, tenantId, backend, source, plan, page);
  const cards = new Map(
    (await listApiCardsByIds(db, tenantId, [...new Set(rows.map((r) => r.api_id))])).map((c) => [c.id, c]),
  );
  const items = rows.flatMap((r) => {
    const api = cards.get(r.api_id);
    return api ? [{ id: r.endpoint_id, method: r.method, path: r.path, summary: r.summary, api }] : [];
  });
  return { ...base, items, total };
}

/**
 * The Collections tab: collections whose name or description holds every word (prefix, or one typo among the
 * collections' own words), best match first, then in the tenant's collection order. Collections are few per tenant,
 * so they are matched in memory with the same ranking rule as APIs.
 */
export async function searchCollections(
  db: Db,
  tenantId: string,
  input: {
    term?: string | null;
    offset: number;
    limit: number;
    /** The page's language (catalog-translations.service): names shown and matched in it as well as in en-US. */
    localize?: (collection: CollectionSummary) => CollectionSummary;
  },
): Promise<Paged<CollectionSummary> & { term: string }> {
  const page = clampSearchPage(input);
  const term = cleanSearchTerm(input.term);
  const tokens = queryTokens(term);
  if (term !== "" && tokens.length === 0) return { term, items: [], total: 0, ...page };
  const base = await listCollections(db, tenantId);
  const collections = input.localize ? base.map(input.localize) : base;
  let matches: CollectionSummary[] = collections;
  if (tokens.length > 0) {
    const docs = collections.map((c, i) => {
      const english = base[i];
      const translated = english !== undefined && english.name !== c.name;
      return {
        collection: c,
        head: translated ? [...documentTokens(c.name), ...documentTokens(english.name)] : documentTokens(c.name),
        body: translated
          ? [...documentTokens(c.description), ...documentTokens(english.description)]
          : documentTokens(c.description),
      };
    });
    const plan: TokenPlan[] = buildPlan(
      tokens,
      docs.flatMap((d) => [...d.head, ...d.body]),
    );
    matches = docs
      .map((d, index) => ({ d, index, score: scoreTokens(plan, d.head, d.body) }))
      .filter((x): x is typeof x & { score: number } => x.score !== null)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .map((x) => x.d.collection);
  }
  return { term, items: matches.slice(page.offset, page.offset + page.limit), total: matches.length, ...page };
}

function parseValues(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** getTagsList (spec section 7): the tenant's visible tag definitions only (spec section 3). */
export async function listVisibleTags(db: Db, tenantId: string): Promise<TagDefinition[]> {
  const rows = await selectVisibleTagDefinitions(db, tenantId);
  // Byte order in memory: the databases' text collations differ.
  rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    description: r.description,
    status: r.status,
    type: r.type,
    values: parseValues(r.values_json),
    isVisible: Number(r.is_visible) === 1,
    showTagName: Number(r.show_tag_name) === 1,
  }));
}
