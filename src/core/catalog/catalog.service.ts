import type { Db } from "../../db/connection";
import { privateApiIdsFor } from "../access/private-apis.service";
import type { Viewer } from "../accounts/accounts.types";
import type { UseCaseContext } from "../use-case-context";
import { toApiCard } from "./api-read-model";
import {
  countPublicApis,
  selectApiCardsByPopularity,
  selectApiDetail,
  selectCatalogStats,
  selectCategoriesWithCounts,
  selectCategoryBySlug,
  selectCollectionApiCards,
  selectCollectionBySlug,
  selectCollectionsWithCounts,
  selectMembersOfCollections,
  selectPrivateApiCards,
} from "./catalog.queries";
import type { ApiCard, ApiDetail, ApiResource, CategorySummary, CollectionSummary, Paged } from "./catalog.types";
import { clampPage, type PageRequest } from "./paging";
import { parseStoredJson } from "./stored-json";
import { cachedTenantAggregate } from "./tenant-aggregate-cache";

export function toCategory(row: {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  api_count: number | string | bigint;
}): CategorySummary {
  return { id: row.id, slug: row.slug, name: row.name, description: row.description, apiCount: Number(row.api_count) };
}

function toCollection(row: {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  thumbnail: string | null;
  api_count: number | string | bigint | null;
}): CollectionSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    thumbnail: row.thumbnail,
    apiCount: Number(row.api_count ?? 0),
  };
}

// Sorted in JavaScript: the list is short, and PostgreSQL's locale collation orders names differently from SQLite's.
const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Every category of the tenant with its count of public APIs, by name. */
export async function listCategories(db: Db, tenantId: string): Promise<CategorySummary[]> {
  const rows = await selectCategoriesWithCounts(db, tenantId);
  return rows.map(toCategory).sort((x, y) => byName.compare(x.name, y.name) || (x.slug < y.slug ? -1 : 1));
}

/**
 * A category and a page of its APIs, documented ones first (issue 15), then most popular; null when the slug is unknown. Public APIs only, plus the
 * private ones `viewer` was given (invited, owner or tenant admin).
 */
export async function getCategoryPage(
  db: Db,
  tenantId: string,
  slug: string,
  page: PageRequest,
  viewer?: Viewer | null,
): Promise<{ category: CategorySummary; apis: Paged<ApiCard> } | null> {
  const row = await selectCategoryBySlug(db, tenantId, slug);
  if (!row) return null;
  const p = clampPage(page);
  const privateIds = await privateApiIdsFor(db, tenantId, viewer);
  const [items, total] = await Promise.all([
    selectApiCardsByPopularity(db, tenantId, { categoryId: row.id, privateIds, documentedFirst: true }, p),
    privateIds.length > 0 ? countPublicApis(db, tenantId, { categoryId: row.id, privateIds }) : null,
  ]);
  const category = toCategory(row);
  return { category, apis: { items: items.map(toApiCard), total: total ?? category.apiCount, ...p } };
}

/** Every collection of the tenant with its count of public APIs, by position. */
export async function listCollections(db: Db, tenantId: string): Promise<CollectionSummary[]> {
  const rows = await selectCollectionsWithCounts(db, tenantId);
  return rows.map(toCollection);
}

/**
 * A collection and a page of its APIs in membership order; null when the slug is unknown. Public APIs only, plus the
 * private ones `viewer` was given.
 */
export async function getCollectionPage(
  db: Db,
  tenantId: string,
  slug: string,
  page: PageRequest,
  viewer?: Viewer | null,
): Promise<{ collection: CollectionSummary; apis: Paged<ApiCard> } | null> {
  const row = await selectCollectionBySlug(db, tenantId, slug);
  if (!row) return null;
  const p = clampPage(page);
  const privateIds = await privateApiIdsFor(db, tenantId, viewer);
  const [items, total] = await Promise.all([
    selectCollectionApiCards(db, tenantId, row.id, { ...p, privateIds }),
    privateIds.length > 0 ? countPublicApis(db, tenantId, { collectionId: row.id, privateIds }) : null,
  ]);
  const collection = toCollection(row);
  return { collection, apis: { items: items.map(toApiCard), total: total ?? collection.apiCount, ...p } };
}

/**
 * The private collection preview: the PRIVATE APIs this viewer may see (owned, invited directly or through a team or
 * organization, or every one for a tenant admin), most recently updated first. Empty when signed out.
 */
export async function listPrivateApis(ctx: UseCaseContext, page: PageRequest): Promise<Paged<ApiCard>> {
  const { db, tenantId, viewer } = ctx;
  const p = clampPage(page);
  const privateIds = await privateApiIdsFor(db, tenantId, viewer);
  const { rows, total } = await selectPrivateApiCards(db, tenantId, privateIds, p);
  return { items: rows.map(toApiCard), total, ...p };
}

/** The hub carousel: the first collections (by position) that have public APIs, each with its first APIs. */
export async function listHubCarousel(
  db: Db,
  tenantId: string,
  opts: { collections: number; perCollection: number },
): Promise<Array<{ collection: CollectionSummary; apis: ApiCard[] }>> {
  const collectionLimit = clampPage({ offset: 0, limit: opts.collections }).limit;
  const perCollection = clampPage({ offset: 0, limit: opts.perCollection }).limit;
  // Fetch a few spare collections so empty ones can be skipped without a second round trip.
  const rows = await selectCollectionsWithCounts(db, tenantId, collectionLimit + 4);
  const chosen = rows
    .map(toCollection)
    .filter((c) => c.apiCount > 0)
    .slice(0, collectionLimit);
  const members = await selectMembersOfCollections(
    db,
    tenantId,
    chosen.map((c) => c.id),
    perCollection,
  );
  const byCollection = new Map<string, ApiCard[]>();
  for (const m of members) {
    const list = byCollection.get(m.collection_id) ?? [];
    list.push(toApiCard(m));
    byCollection.set(m.collection_id, list);
  }
  return chosen.map((collection) => ({ collection, apis: byCollection.get(collection.id) ?? [] }));
}

export interface HubAggregates {
  carousel: Array<{ collection: CollectionSummary; apis: ApiCard[] }>;
  categories: CategorySummary[];
  stats: CatalogStats;
}

/**
 * Everything the hub shows that is the same for every visitor: the public carousel, the categories with their public
 * API counts and the headline stats. Cached per tenant for a few seconds (tenant-aggregate-cache.ts): these three
 * aggregate the whole catalog and were most of /hub's database time. Viewer-dependent data never goes in here.
 */
export function getHubAggregates(
  db: Db,
  tenantId: string,
  opts: { collections: number; perCollection: number },
): Promise<HubAggregates> {
  return cachedTenantAggregate(db, tenantId, `hub:${opts.collections}:${opts.perCollection}`, async () => {
    const carousel = await listHubCarousel(db, tenantId, opts);
    const categories = await listCategories(db, tenantId);
    const stats = await getCatalogStats(db, tenantId);
    return { carousel, categories, stats };
  });
}

/**
 * A page of public APIs, optionally within a category and/or a collection. Most popular first, except when a
 * collection is given: then in the collection's order. An unknown slug gives an empty page.
 */
export async function listApis(
  db: Db,
  tenantId: string,
  opts: { offset: number; limit: number; categorySlug?: string; collectionSlug?: string },
  viewer?: Viewer | null,
): Promise<Paged<ApiCard>> {
  const p = clampPage(opts);
  const privateIds = await privateApiIdsFor(db, tenantId, viewer);
  const empty: Paged<ApiCard> = { items: [], total: 0, ...p };
  let categoryId: string | undefined;
  if (opts.categorySlug !== undefined) {
    const category = await selectCategoryBySlug(db, tenantId, opts.categorySlug);
    if (!category) return empty;
    categoryId = category.id;
  }
  if (opts.collectionSlug !== undefined) {
    const collection = await selectCollectionBySlug(db, tenantId, opts.collectionSlug);
    if (!collection) return empty;
    const [rows, total] = await Promise.all([
      selectCollectionApiCards(db, tenantId, collection.id, { ...p, categoryId, privateIds }),
      countPublicApis(db, tenantId, { categoryId, collectionId: collection.id, privateIds }),
    ]);
    return { items: rows.map(toApiCard), total, ...p };
  }
  const [rows, total] = await Promise.all([
    selectApiCardsByPopularity(db, tenantId, { categoryId, privateIds }, p),
    countPublicApis(db, tenantId, { categoryId, privateIds }),
  ]);
  return { items: rows.map(toApiCard), total, ...p };
}

/**
 * The API page's header and About data for /{ownerUsername}/api/{slug}; null unless it exists and is public or a
 * private API `viewer` was given: everyone else gets the same "not found" as for an API that does not exist.
 */
export async function getApiDetail(
  db: Db,
  tenantId: string,
  ownerUsername: string,
  slug: string,
  viewer?: Viewer | null,
): Promise<ApiDetail | null> {
  const row = await selectApiDetail(db, tenantId, ownerUsername, slug, await privateApiIdsFor(db, tenantId, viewer));
  if (!row) return null;
  return {
    ...toApiCard(row),
    ownerName: row.owner_name,
    providerName: row.provider_name,
    website: row.website,
    termsOfUse: row.terms_of_use,
    readme: row.readme,
    features: parseStoredJson<string[]>(row.features_json, []),
    resources: parseStoredJson<ApiResource[]>(row.resources_json, []),
    authType: row.auth_type,
    cors: row.cors,
    healthCheck: row.health_check === null ? null : Number(row.health_check),
    createdAt: Number(row.created_at),
    currentVersion:
      row.version_id && row.version_label !== null && row.version_source_format !== null
        ? {
            id: row.version_id,
            version: row.version_label,
            sourceFormat: row.version_source_format,
            endpointsCount: Number(row.version_endpoints_count ?? 0),
          }
        : null,
  };
}

export interface CatalogStats {
  apiCount: number;
  categoryCount: number;
  collectionCount: number;
  endpointCount: number;
}

/** Headline counts for the hub: public APIs, categories, collections, endpoints of the public APIs' current versions. */
export async function getCatalogStats(db: Db, tenantId: string): Promise<CatalogStats> {
  return selectCatalogStats(db, tenantId);
}
