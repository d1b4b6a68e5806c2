import { type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/connection";
import type { Database } from "../../db/schema";

/*
 * All catalog SQL. One Kysely code path for SQLite and PostgreSQL. Every function takes (db, tenantId, ...) and
 * filters every table it touches by tenant, joins included. PUBLIC APIs are visible to everyone; a PRIVATE one only
 * when its id is in the caller's `privateIds` (computed by access/private-apis.service privateApiIdsFor).
 */

const PUBLIC = "PUBLIC";

/** Escapes LIKE wildcards so user input matches literally (used with ESCAPE '\'). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Case-insensitive "contains", identical on both dialects: lower(col) LIKE lower(pattern) ESCAPE '\'. */
function containsInsensitive(column: string, term: string) {
  const pattern = `%${escapeLike(term)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}

const CARD_COLUMNS = [
  "a.id",
  "a.name",
  "a.slug",
  "u.username as owner_username",
  "a.thumbnail",
  "a.short_description",
  "a.visibility",
  "a.pricing_type",
  "c.name as category_name",
  "c.slug as category_slug",
  "a.rating_avg",
  "a.rating_votes",
  "a.followers_count",
  "a.popularity",
  "a.latency_ms",
  "a.service_level",
  "a.is_demo_data",
  "a.updated_at",
] as const;

/** `a.visibility = 'PUBLIC'`, or also one of the caller's visible private ids. */
function visibleTo(privateIds: readonly string[]) {
  return (eb: ExpressionBuilder<Database & { a: Database["apis"] }, "a">) =>
    privateIds.length > 0
      ? eb.or([eb("a.visibility", "=", PUBLIC), eb("a.id", "in", [...privateIds])])
      : eb("a.visibility", "=", PUBLIC);
}

/** APIs of the tenant the caller may see, joined to owner and category (both also tenant-checked). */
function publicApis(db: Db, tenantId: string, privateIds: readonly string[] = []) {
  return db.kysely
    .selectFrom("apis as a")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "a.owner_id").onRef("u.tenant_id", "=", "a.tenant_id"))
    .leftJoin("categories as c", (j) => j.onRef("c.id", "=", "a.category_id").onRef("c.tenant_id", "=", "a.tenant_id"))
    .where("a.tenant_id", "=", tenantId)
    .where(visibleTo(privateIds));
}

export type ApiCardRow = Awaited<ReturnType<typeof selectApiCardsByPopularity>>[number];

// ---- categories ----

function categoriesWithCounts(db: Db, tenantId: string) {
  return db.kysely
    .selectFrom("categories as c")
    .leftJoin("apis as a", (j) =>
      j.onRef("a.category_id", "=", "c.id").onRef("a.tenant_id", "=", "c.tenant_id").on("a.visibility", "=", PUBLIC),
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
}

/** Ids of the APIs in a collection, as a subquery (tenant-checked). */
function memberIds(db: Db, tenantId: string, collectionId: string) {
  return db.kysely
    .selectFrom("collection_apis")
    .select("api_id")
    .where("tenant_id", "=", tenantId)
    .where("collection_id", "=", collectionId);
}

/** Public API cards, most popular first (ties by id so pages never overlap). */
export async function selectApiCardsByPopularity(
  db: Db,
  tenantId: string,
  filter: ApiCardFilter,
  page: { offset: number; limit: number },
) {
  let q = publicApis(db, tenantId, filter.privateIds).select(CARD_COLUMNS);
  if (filter.categoryId !== undefined) q = q.where("a.category_id", "=", filter.categoryId);
  if (filter.collectionId !== undefined) q = q.where("a.id", "in", memberIds(db, tenantId, filter.collectionId));
  return q.orderBy("a.popularity", "desc").orderBy("a.id").limit(page.limit).offset(page.offset).execute();
}

export async function countPublicApis(db: Db, tenantId: string, filter: ApiCardFilter): Promise<number> {
  let q = db.kysely
    .selectFrom("apis as a")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("a.tenant_id", "=", tenantId)
    .where(visibleTo(filter.privateIds ?? []));
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
        .where("a.visibility", "=", PUBLIC)
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
  let q = publicApis(db, tenantId, page.privateIds)
    .innerJoin("collection_apis as m", (j) => j.onRef("m.api_id", "=", "a.id").onRef("m.tenant_id", "=", "a.tenant_id"))
    .where("m.collection_id", "=", collectionId);
  if (page.categoryId !== undefined) q = q.where("a.category_id", "=", page.categoryId);
  return q.select(CARD_COLUMNS).orderBy("m.position").orderBy("a.id").limit(page.limit).offset(page.offset).execute();
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
  const ranked = publicApis(db, tenantId)
    .innerJoin("collection_apis as m", (j) => j.onRef("m.api_id", "=", "a.id").onRef("m.tenant_id", "=", "a.tenant_id"))
    .where("m.collection_id", "in", collectionIds)
    .select((eb) => [
      ...CARD_COLUMNS,
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
  const base = publicApis(db, tenantId, privateIds).where("a.visibility", "!=", PUBLIC);
  const [rows, total] = await Promise.all([
    base
      .select(CARD_COLUMNS)
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
  return publicApis(db, tenantId, privateIds)
    .leftJoin("api_versions as v", (j) =>
      // The literal tenant id lets SQLite read the covering summary index instead of the row with its documents.
      j.onRef("v.id", "=", "a.current_version_id").on("v.tenant_id", "=", tenantId),
    )
    .where("u.username", "=", ownerUsername)
    .where("a.slug", "=", slug)
    .select([
      ...CARD_COLUMNS,
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

// ---- endpoints ----

/** The version whose endpoints are listed: the given one if it belongs to this visible API, else the current one. */
export async function selectListableVersionId(
  db: Db,
  tenantId: string,
  apiId: string,
  versionId: string | undefined,
  privateIds: readonly string[] = [],
): Promise<string | null> {
  if (versionId !== undefined) {
    const row = await db.kysely
      .selectFrom("api_versions as v")
      .innerJoin("apis as a", (j) => j.onRef("a.id", "=", "v.api_id").onRef("a.tenant_id", "=", "v.tenant_id"))
      .select("v.id")
      .where("v.tenant_id", "=", tenantId)
      .where("v.id", "=", versionId)
      .where("v.api_id", "=", apiId)
      .where(visibleTo(privateIds))
      .executeTakeFirst();
    return row?.id ?? null;
  }
  const row = await db.kysely
    .selectFrom("apis as a")
    .select("a.current_version_id")
    .where("a.tenant_id", "=", tenantId)
    .where("a.id", "=", apiId)
    .where(visibleTo(privateIds))
    .executeTakeFirst();
  return row?.current_version_id ?? null;
}

function endpointsOf(db: Db, tenantId: string, versionId: string, query: string | undefined, tag?: string) {
  let q = db.kysely
    .selectFrom("api_endpoints as e")
    .where("e.tenant_id", "=", tenantId)
    .where("e.version_id", "=", versionId);
  if (tag !== undefined) {
    // tags_json is JSON.stringify output, so the tag appears in it exactly as JSON.stringify writes it (quoted).
    const pattern = `%${escapeLike(JSON.stringify(tag))}%`;
    q = q.where(sql<SqlBool>`${sql.ref("e.tags_json")} like ${pattern} escape '\\'`);
  }
  if (query !== undefined && query !== "") {
    q = q.where((eb) =>
      eb.or([
        containsInsensitive("e.method", query),
        containsInsensitive("e.path", query),
        containsInsensitive("e.summary", query),
      ]),
    );
  }
  return q;
}

export async function selectEndpoints(
  db: Db,
  tenantId: string,
  versionId: string,
  opts: { query?: string; tag?: string; offset: number; limit: number },
) {
  return endpointsOf(db, tenantId, versionId, opts.query, opts.tag)
    .select([
      "e.id",
      "e.method",
      "e.path",
      "e.operation_id",
      "e.summary",
      "e.description",
      "e.tags_json",
      "e.parameters_json",
    ])
    .orderBy("e.position")
    .orderBy("e.id")
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
}

export async function countEndpoints(
  db: Db,
  tenantId: string,
  versionId: string,
  query?: string,
  tag?: string,
): Promise<number> {
  const row = await endpointsOf(db, tenantId, versionId, query, tag)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every endpoint's tags of a version, in spec order (for the Endpoints tab's tag index). */
export async function selectEndpointTags(db: Db, tenantId: string, versionId: string) {
  return db.kysely
    .selectFrom("api_endpoints")
    .select("tags_json")
    .where("tenant_id", "=", tenantId)
    .where("version_id", "=", versionId)
    .orderBy("position")
    .execute();
}

// ---- pages ----

export async function selectPage(db: Db, tenantId: string, slug: string) {
  return db.kysely
    .selectFrom("pages")
    .select(["slug", "title", "body", "updated_at"])
    .where("tenant_id", "=", tenantId)
    .where("slug", "=", slug)
    .executeTakeFirst();
}

/** Every static page of the tenant (slug and title), by title. */
export async function selectPages(db: Db, tenantId: string) {
  return db.kysely
    .selectFrom("pages")
    .select(["slug", "title", "updated_at"])
    .where("tenant_id", "=", tenantId)
    .orderBy("title")
    .orderBy("slug")
    .execute();
}

// ---- stats ----

export async function selectCatalogStats(db: Db, tenantId: string) {
  const apis = db.kysely
    .selectFrom("apis")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("visibility", "=", PUBLIC)
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
    .where("a.visibility", "=", PUBLIC)
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
