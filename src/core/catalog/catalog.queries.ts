import { sql } from "kysely";
import type { Db } from "../../db/connection";
import { API_CARD_COLUMNS, selectVisibleApiCards, visibleApiRows, visibleApis } from "./api-read-model";

/*
 * Catalog SQL: categories, API cards, collections, API detail, headline stats. One Kysely code path for SQLite and
 * PostgreSQL. Every function takes (db, tenantId, ...) and filters every table it touches by tenant, joins included.
 * Which APIs a caller sees is api-read-model.ts visibleApis: PUBLIC ones, plus the PRIVATE ones in `privateIds`
 * (computed by access/private-apis.service privateApiIdsFor). Counts shown to everyone are of PUBLIC APIs only.
 */

// ---- categories ----

function categoriesWithCounts(db: Db, tenantId: string) {
  return db.kysely
    .selectFrom("categories as c")
    .leftJoin("apis as a", (j) =>
      j.onRef("a.category_id", "=", "c.id").onRef("a.tenant_id", "=", "c.tenant_id").on(visibleApis("a")),
    )
    .where("c.tenant_id", "=", tenantId)
    .select((eb) => ["c.id", "c.slug", "c.name", "c.description", eb.fn.count<number>("a.id").as("api_count")])
    .groupBy(["c.id", "c.slug", "c.name", "c.description"]);
}

export async function selectCategoriesWithCounts(db: Db, tenantId: string) {
  return categoriesWithCounts(db, tenantId).execute();
}

export async function selectCategoryBySlug(db: Db, tenantId: string, slug: string) {
  return categoriesWithCounts(db, tenantId).where("c.slug", "=", slug).executeTakeFirst();
}

// ---- API cards ----

export interface ApiCardFilter {
  categoryId?: string;
  collectionId?: string;
  /** PRIVATE APIs the caller may see (besides every PUBLIC one). */
  privateIds?: readonly string[];
  /** Documented APIs (a current spec version) before the others: category pages (issue 15). */
  documentedFirst?: boolean;
}

/** Ids of the APIs in a collection, as a subquery (tenant-checked). */
function memberIds(db: Db, tenantId: string, collectionId: string) {
  return db.kysely
    .selectFrom("collection_apis")
    .select("api_id")
    .where("tenant_id", "=", tenantId)
    .where("collection_id", "=", collectionId);
}

/**
 * Public API cards, most popular first (ties by id so pages never overlap); with `documentedFirst`, APIs with a current
 * spec version (endpoints to browse and try) come before the others (issue 15: a category opens on documented APIs).
 */
export async function selectApiCardsByPopularity(
  db: Db,
  tenantId: string,
  filter: ApiCardFilter,
  page: { offset: number; limit: number },
) {
  let q = selectVisibleApiCards(db, tenantId, filter.privateIds);
  if (filter.categoryId !== undefined) q = q.where("a.category_id", "=", filter.categoryId);
  if (filter.collectionId !== undefined) q = q.where("a.id", "in", memberIds(db, tenantId, filter.collectionId));
  if (filter.documentedFirst) q = q.orderBy(sql`case when a.current_version_id is null then 1 else 0 end`);
  return q.orderBy("a.popularity", "desc").orderBy("a.id").limit(page.limit).offset(page.offset).execute();
}

export async function countPublicApis(db: Db, tenantId: string, filter: ApiCardFilter): Promise<number> {
  let q = db.kysely
    .selectFrom("apis as a")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("a.tenant_id", "=", tenantId)
    .where(visibleApis("a", filter.privateIds));
  if (filter.categoryId !== undefined) q = q.where("a.category_id", "=", filter.categoryId);
  if (filter.collectionId !== undefined) q = q.where("a.id", "in", memberIds(db, tenantId, filter.collectionId));
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- collections ----

function collectionsWithCounts(db: Db, tenantId: string) {
  return db.kysely
    .selectFrom("collections as k")
    .where("k.tenant_id", "=", tenantId)
    .select((eb) => [
      "k.id",
      "k.slug",
      "k.name",
      "k.description",
      "k.thumbnail",
      "k.position",
      eb
        .selectFrom("collection_apis as m")
        .innerJoin("apis as a", (j) => j.onRef("a.id", "=", "m.api_id").onRef("a.tenant_id", "=", "m.tenant_id"))
        .select((eb2) => eb2.fn.countAll<number>().as("n"))
        .whereRef("m.collection_id", "=", "k.id")
        .where("m.tenant_id", "=", tenantId)
        .where(visibleApis("a"))
        .as("api_count"),
    ]);
}

/** Collections by position; `limit` keeps the hub query small. */
export async function selectCollectionsWithCounts(db: Db, tenantId: string, limit?: number) {
  let q = collectionsWithCounts(db, tenantId).orderBy("k.position").orderBy("k.id");
  if (limit !== undefined) q = q.limit(limit);
  return q.execute();
}

export async function selectCollectionBySlug(db: Db, tenantId: string, slug: string) {
  return collectionsWithCounts(db, tenantId).where("k.slug", "=", slug).executeTakeFirst();
}

/** Public API cards of a collection in membership order. */
export async function selectCollectionApiCards(
  db: Db,
  tenantId: string,
  collectionId: string,
  page: { offset: number; limit: number; categoryId?: string; privateIds?: readonly string[] },
) {
  let q = selectVisibleApiCards(db, tenantId, page.privateIds)
    .innerJoin("collection_apis as m", (j) => j.onRef("m.api_id", "=", "a.id").onRef("m.tenant_id", "=", "a.tenant_id"))
    .where("m.collection_id", "=", collectionId);
  if (page.categoryId !== undefined) q = q.where("a.category_id", "=", page.categoryId);
  return q.orderBy("m.position").orderBy("a.id").limit(page.limit).offset(page.offset).execute();
}

/**
 * The first `perCollection` public members of each of several collections (hub carousel), in membership order. The
 * window function trims in SQL, so a collection of thousands of APIs still reads only what the hub shows; ROW_NUMBER()
 * OVER (PARTITION BY ...) works the same on SQLite (3.25+) and PostgreSQL.
 */
export async function selectMembersOfCollections(
  db: Db,
  tenantId: string,
  collectionIds: string[],
  perCollection: number,
) {
  if (collectionIds.length === 0) return [];
  const ranked = visibleApiRows(db, tenantId)
    .innerJoin("collection_apis as m", (j) => j.onRef("m.api_id", "=", "a.id").onRef("m.tenant_id", "=", "a.tenant_id"))
    .where("m.collection_id", "in", collectionIds)
    .select((eb) => [
      ...API_CARD_COLUMNS,
      "m.collection_id",
      "m.position as member_position",
      eb.fn
        .agg<number>("row_number")
        .over((ob) => ob.partitionBy("m.collection_id").orderBy("m.position").orderBy("a.id"))
        .as("member_rank"),
    ]);
  return db.kysely
    .selectFrom(ranked.as("r"))
    .selectAll()
    .where("r.member_rank", "<=", perCollection)
    .orderBy("r.collection_id")
    .orderBy("r.member_position")
    .orderBy("r.id")
    .execute();
}

/** Cards of the given PRIVATE APIs (the caller's visible ones), most recently updated first, with the total. */
export async function selectPrivateApiCards(
  db: Db,
  tenantId: string,
  privateIds: readonly string[],
  page: { offset: number; limit: number },
) {
  if (privateIds.length === 0) return { rows: [], total: 0 };
  const base = visibleApiRows(db, tenantId, privateIds).where("a.visibility", "=", "PRIVATE");
  const [rows, total] = await Promise.all([
    base
      .select(API_CARD_COLUMNS)
      .orderBy("a.updated_at", "desc")
      .orderBy("a.id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

// ---- API detail ----

export async function selectApiDetail(
  db: Db,
  tenantId: string,
  ownerUsername: string,
  slug: string,
  privateIds: readonly string[] = [],
) {
  return visibleApiRows(db, tenantId, privateIds)
    .leftJoin("api_versions as v", (j) =>
      // The literal tenant id lets SQLite read the covering summary index instead of the row with its documents.
      j.onRef("v.id", "=", "a.current_version_id").on("v.tenant_id", "=", tenantId),
    )
    .where("u.username", "=", ownerUsername)
    .where("a.slug", "=", slug)
    .select([
      ...API_CARD_COLUMNS,
      "u.name as owner_name",
      "a.provider_name",
      "a.website",
      "a.terms_of_use",
      "a.readme",
      "a.features_json",
      "a.resources_json",
      "a.auth_type",
      "a.cors",
      "a.health_check",
      "a.created_at",
      "v.id as version_id",
      "v.version as version_label",
      "v.source_format as version_source_format",
      "v.endpoints_count as version_endpoints_count",
    ])
    .executeTakeFirst();
}

// ---- stats ----

export async function selectCatalogStats(db: Db, tenantId: string) {
  const apis = db.kysely
    .selectFrom("apis as a")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("a.tenant_id", "=", tenantId)
    .where(visibleApis("a"))
    .executeTakeFirstOrThrow();
  const categories = db.kysely
    .selectFrom("categories")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .executeTakeFirstOrThrow();
  const collections = db.kysely
    .selectFrom("collections")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .executeTakeFirstOrThrow();
  const endpoints = db.kysely
    .selectFrom("apis as a")
    .innerJoin("api_versions as v", (j) =>
      j.onRef("v.id", "=", "a.current_version_id").onRef("v.tenant_id", "=", "a.tenant_id"),
    )
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("v.endpoints_count"), sql<number>`0`).as("n"))
    .where("a.tenant_id", "=", tenantId)
    .where(visibleApis("a"))
    // Repeated on v so SQLite uses the covering summary index: scanning api_versions reads every stored spec.
    .where("v.tenant_id", "=", tenantId)
    .executeTakeFirstOrThrow();
  const [a, c, k, e] = await Promise.all([apis, categories, collections, endpoints]);
  return {
    apiCount: Number(a.n),
    categoryCount: Number(c.n),
    collectionCount: Number(k.n),
    endpointCount: Number(e.n),
  };
}
