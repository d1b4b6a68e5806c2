import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connection";
import { listCollections } from "../catalog/catalog.service";
import type { ApiCard, CollectionSummary, Paged } from "../catalog/catalog.types";
import {
  countPublicDocuments,
  countResources,
  DEFAULT_DIRECTION,
  type DocumentSource,
  type FacetGroupRow,
  type PageCounts,
  type PrivateMatchRow,
  type RankedApiRow,
  type SearchCardRow,
  type SearchFilters,
  type SortSpec,
  selectApiCardRows,
  selectBestEndpoints,
  selectCategoryRefs,
  selectDocumentPopularity,
  selectPrivateMatches,
  selectRankedResources,
  selectSearchPage,
  selectVisibleTagDefinitions,
} from "./search.queries";
import {
  type ApiSearchHit,
  type ApiSearchResult,
  DEFAULT_SEARCH_PAGE_SIZE,
  type FacetCount,
  MAX_SEARCH_PAGE_SIZE,
  type MatchedEndpoint,
  type ResourceSearchResult,
  type SearchApisInput,
  type SearchFacets,
  type TagDefinition,
} from "./search.types";
import type { FacetFilters, SearchBackend } from "./search-backend";
import { syncSearchIndex } from "./search-index";
import { buildPlan, type TokenPlan, typoRanges } from "./search-plan";
import { scoreTokens } from "./search-ranking";
import { cleanSearchTerm } from "./search-term";
import { MAX_TIERED_WORDS, scoreLevels } from "./search-tiers";
import { documentTokens, queryTokens } from "./search-tokens";

/** Clamps paging: offset >= 0, 1 <= limit <= MAX_SEARCH_PAGE_SIZE ("first above a maximum is capped"). */
export function clampSearchPage(page: { offset: number; limit: number }): { offset: number; limit: number } {
  const offset = Number.isFinite(page.offset) ? Math.max(0, Math.floor(page.offset)) : 0;
  const limit = Number.isFinite(page.limit)
    ? Math.min(MAX_SEARCH_PAGE_SIZE, Math.max(1, Math.floor(page.limit)))
    : DEFAULT_SEARCH_PAGE_SIZE;
  return { offset, limit };
}

/** Sorting: the caller's fields (default direction per field), else relevance with a term, popularity without. */
export function normalizeSort(sort: readonly SortSpec[] | null | undefined, hasTerm: boolean): SortSpec[] {
  const given = (sort ?? []).slice(0, 3);
  if (given.length > 0)
    return given.map((s) => ({ field: s.field, direction: s.direction ?? DEFAULT_DIRECTION[s.field] }));
  return [hasTerm ? { field: "RELEVANCE", direction: "DESC" } : { field: "POPULARITY", direction: "DESC" }];
}

/** Names the ordering the way a search service names its replicas; sent back with click events (search_index). */
export function replicaIndexName(sort: readonly SortSpec[]): string {
  const first = sort[0];
  if (!first || (first.field === "RELEVANCE" && first.direction === "DESC")) return "apis";
  return `apis_${first.field.toLowerCase()}_${first.direction.toLowerCase()}`;
}

function newQueryId(): string {
  return randomUUID().replace(/-/g, "");
}

function toCard(row: SearchCardRow): ApiCard {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    ownerUsername: row.owner_username,
    thumbnail: row.thumbnail,
    shortDescription: row.short_description,
    visibility: row.visibility,
    pricingType: row.pricing_type,
    categoryName: row.category_name,
    categorySlug: row.category_slug,
    rating: Number(row.rating_avg),
    ratingVotes: Number(row.rating_votes),
    followersCount: Number(row.followers_count),
    popularity: Number(row.popularity),
    latencyMs: row.latency_ms === null ? null : Number(row.latency_ms),
    serviceLevel: row.service_level === null ? null : Number(row.service_level),
    isDemoData: Number(row.is_demo_data) === 1,
    updatedAt: Number(row.updated_at),
  };
}

const EMPTY_FACETS: SearchFacets = { categories: [], pricingTypes: [], authTypes: [] };

function byCountThenLabel(a: FacetCount, b: FacetCount): number {
  if (a.count !== b.count) return b.count - a.count;
  return a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
}

function tally(
  groups: readonly FacetGroupRow[],
  keep: (g: FacetGroupRow) => boolean,
  key: (g: FacetGroupRow) => string | null,
  label: (value: string) => string,
  filterValue: (value: string) => string = (v) => v,
): FacetCount[] {
  const counts = new Map<string, number>();
  for (const g of groups) {
    const k = key(g);
    if (k === null || !keep(g)) continue;
    counts.set(k, (counts.get(k) ?? 0) + g.n);
  }
  return [...counts].map(([k, count]) => ({ value: filterValue(k), label: label(k), count })).sort(byCountThenLabel);
}

/**
 * Total and facets from the grouped counts. Facets are disjunctive: each one is counted with every filter except its
 * own, so choosing one category still shows how many results the other categories would give.
 */
export function summarizeFacets(
  groups: readonly FacetGroupRow[],
  filters: SearchFilters,
  categoryNames: ReadonlyMap<string, string>,
): { total: number; facets: SearchFacets } {
  const inCategory = (g: FacetGroupRow) =>
    filters.categoryIds === undefined || (g.category_id !== null && filters.categoryIds.includes(g.category_id));
  const inPricing = (g: FacetGroupRow) =>
    filters.pricingTypes === undefined || filters.pricingTypes.includes(g.pricing_type);
  const inAuth = (g: FacetGroupRow) =>
    filters.authTypes === undefined || (g.auth_type !== null && filters.authTypes.includes(g.auth_type));
  let total = 0;
  for (const g of groups) if (inCategory(g) && inPricing(g) && inAuth(g)) total += g.n;
  const categoryLabel = (id: string) => categoryNames.get(id) ?? id;
  return {
    total,
    facets: {
      categories: tally(
        groups,
        (g) => inPricing(g) && inAuth(g),
        (g) => g.category_id,
        categoryLabel,
        categoryLabel,
      ),
      pricingTypes: tally(
        groups,
        (g) => inCategory(g) && inAuth(g),
        (g) => g.pricing_type,
        (v) => v,
      ),
      authTypes: tally(
        groups,
        (g) => inCategory(g) && inPricing(g),
        (g) => g.auth_type,
        (v) => v,
      ),
    },
  };
}

function nonEmpty(values: readonly string[] | null | undefined): readonly string[] | undefined {
  if (!values) return undefined;
  const kept = values.map((v) => v.trim()).filter((v) => v !== "");
  return kept.length === 0 ? undefined : kept;
}

/** Up to this many matches, scoring them all in one statement is cheaper than reading tiers. */
export const ONE_PASS_MAX_MATCHES = 1_000;

/** Path thresholds; tests lower them to run the tiered path on small catalogs and compare both paths. */
export interface SearchTuning {
  onePassMaxMatches: number;
}
/** Tiers are read for the first pages only; deeper offsets are rare and scored in one pass. */
const MAX_TIERED_DEPTH = 1_000;

/**
 * How many public documents a tenant has, remembered per database handle for a minute (and forgotten when this process
 * rebuilds documents). It only picks the path: a tenant that cannot have more matches than the one-pass threshold is
 * answered by the one-pass statement at once, without counting first. A stale value costs time, never correctness:
 * both paths return the same results.
 */
const SIZE_HINT_TTL_MS = 60_000;
const sizeHints = new WeakMap<object, Map<string, { n: number; at: number }>>();

async function publicDocumentsHint(db: Db, tenantId: string, rebuilt: number): Promise<number> {
  let hints = sizeHints.get(db.kysely);
  if (!hints) {
    hints = new Map();
    sizeHints.set(db.kysely, hints);
  }
  const known = hints.get(tenantId);
  const now = Date.now();
  if (known && rebuilt === 0 && now - known.at < SIZE_HINT_TTL_MS) return known.n;
  const n = await countPublicDocuments(db, tenantId);
  hints.set(tenantId, { n, at: now });
  return n;
}

/**
 * Tiers give the relevance order (score, popularity, id) only: other sorts, collection and tag filters (not columns of
 * the document), long queries and deep pages take the one-pass path.
 */
function canReadByTiers(
  plan: readonly TokenPlan[],
  sort: readonly SortSpec[],
  filters: SearchFilters,
  page: { offset: number; limit: number },
): boolean {
  return (
    plan.length > 0 &&
    plan.length <= MAX_TIERED_WORDS &&
    sort.length === 1 &&
    sort[0]?.field === "RELEVANCE" &&
    sort[0].direction === "DESC" &&
    filters.collectionIds === undefined &&
    filters.tags === undefined &&
    page.offset + page.limit <= MAX_TIERED_DEPTH
  );
}

/**
 * The public documents by relevance up to the end of the page (the first offset + limit): best score first, each
 * score's documents by popularity, stopping once there are enough.
 */
async function readByTiers(
  db: Db,
  tenantId: string,
  backend: SearchBackend,
  plan: readonly TokenPlan[],
  filters: FacetFilters,
  page: { offset: number; limit: number },
  total: number,
  firstLevelIds: readonly string[] | null,
): Promise<RankedApiRow[]> {
  const need = Math.min(total, page.offset + page.limit);
  const out: RankedApiRow[] = [];
  for (const [i, level] of scoreLevels(plan).entries()) {
    if (out.length >= need) break;
    const ids =
      i === 0 && firstLevelIds !== null
        ? firstLevelIds.slice(0, need)
        : await backend.levelPage(db, tenantId, plan, level.tuples, filters, need - out.length);
    for (const id of ids) out.push({ api_id: id, score: level.score });
  }
  return out.slice(0, need);
}

/** Byte order of ids, as the databases compare them (collate binary / "C"). */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/**
 * The relevance page of the tiered path when private APIs match too: the public prefix (in rank order) and the
 * private matches merged by (score desc, popularity desc, id), then paged, which is the one-pass statement's order.
 */
async function mergePrivate(
  db: Db,
  tenantId: string,
  publicPrefix: readonly RankedApiRow[],
  privateRows: readonly PrivateMatchRow[],
  page: { offset: number; limit: number },
): Promise<RankedApiRow[]> {
  if (privateRows.length === 0) return publicPrefix.slice(page.offset, page.offset + page.limit);
  const popularity = await selectDocumentPopularity(
    db,
    tenantId,
    publicPrefix.map((r) => r.api_id),
  );
  const rows = [
    ...publicPrefix.map((r) => ({ ...r, popularity: popularity.get(r.api_id) ?? 0 })),
    ...privateRows.map((r) => ({ api_id: r.api_id, score: r.score, popularity: r.popularity_milli })),
  ];
  rows.sort((a, b) => b.score - a.score || b.popularity - a.popularity || byteOrder(a.api_id, b.api_id));
  return rows.slice(page.offset, page.offset + page.limit).map((r) => ({ api_id: r.api_id, score: r.score }));
}

/** Whether a document's facet columns pass the facet filters (the SQL facetConditions, in TypeScript). */
function inFacetFilters(row: FacetGroupRow, filters: FacetFilters): boolean {
  return (
    (filters.categoryIds === undefined ||
      (row.category_id !== null && filters.categoryIds.includes(row.category_id))) &&
    (filters.pricingTypes === undefined || filters.pricingTypes.includes(row.pricing_type)) &&
    (filters.authTypes === undefined || (row.auth_type !== null && filters.authTypes.includes(row.auth_type)))
  );
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
  const [cardRows, bestEndpoints] = await Promise.all([
    selectApiCardRows(db, tenantId, ids, privateIds),
    selectBestEndpoints(db, tenantId, backend, ids, plan, privateIds),
  ]);
  const cards = new Map(cardRows.map((r) => [r.id, toCard(r)]));
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
    (await selectApiCardRows(db, tenantId, [...new Set(rows.map((r) => r.api_id))])).map((r) => [r.id, toCard(r)]),
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
  input: { term?: string | null; offset: number; limit: number },
): Promise<Paged<CollectionSummary> & { term: string }> {
  const page = clampSearchPage(input);
  const term = cleanSearchTerm(input.term);
  const tokens = queryTokens(term);
  if (term !== "" && tokens.length === 0) return { term, items: [], total: 0, ...page };
  const collections = await listCollections(db, tenantId);
  let matches: CollectionSummary[] = collections;
  if (tokens.length > 0) {
    const docs = collections.map((c) => ({
      collection: c,
      head: documentTokens(c.name),
      body: documentTokens(c.description),
    }));
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
