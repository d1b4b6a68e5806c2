import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/connection";
import type { SortSpec } from "./search.types";
import type { SearchBackend } from "./search-backend";
import type { TokenPlan } from "./search-plan";
import { MATCH_SCORE, typoPatterns, wordPattern } from "./search-ranking";
import type { TypoCandidateRange } from "./typo";

/*
 * SQL of the read side. The full-text part comes from the engine (SearchBackend); filters, facets, relevance and
 * ordering are the same SQL text on SQLite and PostgreSQL, which is what makes both engines agree.
 * Documents are always filtered by tenant and by visibility: PUBLIC APIs, plus the PRIVATE ones the caller was given
 * (`privateApiIds`, already authorized by src/core/access/private-apis.service.ts).
 */

const PUBLIC = "PUBLIC";
const PRIVATE = "PRIVATE";

/** Where the documents come from: the engine's full-text match, or every document when the term is empty. */
export interface DocumentSource {
  from: RawBuilder<unknown>;
  where: RawBuilder<SqlBool> | null;
}

/** Filters of searchApis. undefined = no filter; an empty list matches nothing. */
export interface SearchFilters {
  categoryIds?: readonly string[];
  pricingTypes?: readonly string[];
  authTypes?: readonly string[];
  collectionIds?: readonly string[];
  tags?: readonly string[];
  /**
   * Not a filter: PRIVATE APIs the caller may also see (ids from privateApiIdsFor; undefined or empty = none). Only
   * documents that are PRIVATE and listed are added to the PUBLIC ones.
   */
  privateApiIds?: readonly string[];
}

export function list(values: readonly string[]): RawBuilder<unknown> {
  return sql.join(values.map((v) => sql`${v}`));
}

function inList(column: RawBuilder<unknown>, values: readonly string[]): RawBuilder<SqlBool> {
  return values.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${column} in (${list(values)})`;
}

function and(parts: ReadonlyArray<RawBuilder<SqlBool> | null>): RawBuilder<SqlBool> {
  const kept = parts.filter((p): p is RawBuilder<SqlBool> => p !== null);
  return kept.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(kept, sql` and `)}`;
}

/** PUBLIC documents, plus the PRIVATE ones listed (the caller's invitations); `alias` names the row (d, a, e). */
export function visibleSql(alias: string, privateApiIds: readonly string[] | undefined, idColumn = "api_id") {
  const visibility = sql.ref(`${alias}.visibility`);
  if (!privateApiIds || privateApiIds.length === 0) return sql<SqlBool>`${visibility} = ${PUBLIC}`;
  return sql<SqlBool>`(${visibility} = ${PUBLIC} or (${visibility} = ${PRIVATE}
    and ${sql.ref(`${alias}.${idColumn}`)} in (${list(privateApiIds)})))`;
}

/** Tenant, visibility, full-text and the membership filters (collections, tags), which facets never ignore. */
function baseConditions(tenantId: string, source: DocumentSource, filters: SearchFilters): RawBuilder<SqlBool> {
  return and([
    source.where,
    sql<SqlBool>`d.tenant_id = ${tenantId}`,
    visibleSql("d", filters.privateApiIds),
    filters.collectionIds === undefined
      ? null
      : filters.collectionIds.length === 0
        ? sql<SqlBool>`1 = 0`
        : sql<SqlBool>`d.api_id in (select m.api_id from collection_apis m
            where m.tenant_id = ${tenantId} and m.collection_id in (${list(filters.collectionIds)}))`,
    // A tag filter entry is either a value ("OAuth") or "Name:value" ("Auth:OAuth"); any entry may match.
    filters.tags === undefined
      ? null
      : filters.tags.length === 0
        ? sql<SqlBool>`1 = 0`
        : sql<SqlBool>`d.api_id in (select t.api_id from api_tags t
            join tag_definitions g on g.id = t.tag_id and g.tenant_id = t.tenant_id
            where t.tenant_id = ${tenantId} and g.is_visible = 1
              and (t.value in (${list(filters.tags)}) or g.name || ':' || t.value in (${list(filters.tags)})))`,
  ]);
}

/** The facet filters (category, pricing, auth type); faceting counts each facet without its own filter. */
export function facetConditions(filters: SearchFilters): RawBuilder<SqlBool> {
  return and([
    filters.categoryIds === undefined ? null : inList(sql`d.category_id`, filters.categoryIds),
    filters.pricingTypes === undefined ? null : inList(sql`d.pricing_type`, filters.pricingTypes),
    filters.authTypes === undefined ? null : inList(sql`d.auth_type`, filters.authTypes),
  ]);
}

function likeAny(column: RawBuilder<unknown>, patterns: readonly string[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    patterns.map((p) => sql`${column} like ${p}`),
    sql` or `,
  )})`;
}

/**
 * Relevance in SQL (search-ranking.ts): per word, head prefix > body prefix > head typo > body typo > `otherwise`.
 * `alias` names the document table (search_documents or search_endpoints, both have head_text and body_text).
 */
export function scoreSql(plan: readonly TokenPlan[], alias: string, otherwise: number): RawBuilder<number> {
  if (plan.length === 0) return sql<number>`0`;
  const head = sql.ref(`${alias}.head_text`);
  const body = sql.ref(`${alias}.body_text`);
  const words = plan.map((w) => {
    const pattern = wordPattern(w.token, w.prefix);
    const typos = typoPatterns(w);
    const typoCases =
      typos.length === 0
        ? sql``
        : sql`when ${likeAny(head, typos)} then ${sql.lit(MATCH_SCORE.headTypo)}
              when ${likeAny(body, typos)} then ${sql.lit(MATCH_SCORE.bodyTypo)}`;
    return sql`(case when ${head} like ${pattern} then ${sql.lit(MATCH_SCORE.headPrefix)}
      when ${body} like ${pattern} then ${sql.lit(MATCH_SCORE.bodyPrefix)}
      ${typoCases}
      else ${sql.lit(otherwise)} end)`;
  });
  return sql<number>`(${sql.join(words, sql` + `)})`;
}

/** Head-only score of an endpoint (0 when no word is in its method, path, summary or operation id). */
function endpointHeadScoreSql(plan: readonly TokenPlan[], alias: string): RawBuilder<number> {
  const head = sql.ref(`${alias}.head_text`);
  const words = plan.map((w) => {
    const typos = typoPatterns(w);
    const typoCase =
      typos.length === 0 ? sql`` : sql`when ${likeAny(head, typos)} then ${sql.lit(MATCH_SCORE.headTypo)}`;
    return sql`(case when ${head} like ${wordPattern(w.token, w.prefix)} then ${sql.lit(MATCH_SCORE.headPrefix)}
      ${typoCase} else 0 end)`;
  });
  return sql<number>`(${sql.join(words, sql` + `)})`;
}

function orderSql(sort: readonly SortSpec[], backend: SearchBackend): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  for (const s of sort) {
    const dir = sql.raw(s.direction === "ASC" ? "asc" : "desc");
    if (s.field === "RELEVANCE") parts.push(sql`score ${dir}`);
    if (s.field === "POPULARITY") parts.push(sql`d.popularity_milli ${dir}`);
    if (s.field === "RATING") parts.push(sql`d.rating_milli ${dir}`);
    // APIs without a measured latency go last either way (SQLite and PostgreSQL disagree on where NULLs sort).
    if (s.field === "LATENCY")
      parts.push(sql`case when d.latency_ms is null then 1 else 0 end`, sql`d.latency_ms ${dir}`);
    if (s.field === "UPDATED") parts.push(sql`d.updated_at ${dir}`);
    if (s.field === "NAME") parts.push(sql`${backend.binary(sql`d.name_sort`)} ${dir}`);
  }
  parts.push(sql`score desc`, sql`d.popularity_milli desc`, sql`${backend.binary(sql`d.api_id`)} asc`);
  return sql.join(parts);
}

export interface FacetGroupRow {
  category_id: string | null;
  pricing_type: string;
  auth_type: string | null;
  n: number;
}

export interface RankedApiRow {
  api_id: string;
  score: number;
}

type SearchRow = {
  kind: number;
  category_id: string | null;
  pricing_type: string | null;
  auth_type: string | null;
  n: number | null;
  api_id: string | null;
  score: number | null;
};

/** What selectSearchPage counts besides the page: facet groups, the filtered total, or nothing (known already). */
export type PageCounts = "facets" | "total" | "none";

/**
 * One statement, one pass over the matches: the matching documents (full-text + tenant + visibility + collections and
 * tags) are materialized once, then (a) counted by (category, pricing, auth type) without the facet filters, which
 * gives the total and every disjunctive facet in memory, and (b) filtered by the facet filters, ordered and paged.
 * With counts "total", (a) is a single count of the filtered matches (rows with a null pricing_type).
 */
export async function selectSearchPage(
  db: Db,
  tenantId: string,
  backend: SearchBackend,
  source: DocumentSource,
  plan: readonly TokenPlan[],
  filters: SearchFilters,
  sort: readonly SortSpec[],
  page: { offset: number; limit: number },
  counts: PageCounts,
): Promise<{ groups: FacetGroupRow[]; ranked: RankedApiRow[] }> {
  const countSql =
    counts === "facets"
      ? sql`select 0 as kind, d.category_id, d.pricing_type, d.auth_type, count(*) as n,
        cast(null as text) as api_id, cast(null as integer) as score
        from m d group by d.category_id, d.pricing_type, d.auth_type`
      : sql`select 0 as kind, cast(null as text) as category_id, cast(null as text) as pricing_type,
        cast(null as text) as auth_type, count(*) as n, cast(null as text) as api_id, cast(null as integer) as score
        from m d where ${counts === "total" ? facetConditions(filters) : sql`1 = 0`}`;
  const result = await sql<SearchRow>`with m as materialized (
      select d.api_id, d.category_id, d.pricing_type, d.auth_type, d.popularity_milli, d.rating_milli, d.latency_ms,
        d.updated_at, d.name_sort, ${scoreSql(plan, "d", MATCH_SCORE.elsewhere)} as score
      from ${source.from}
      where ${baseConditions(tenantId, source, filters)}
    )
    ${countSql}
    union all
    select * from (
      select 1 as kind, cast(null as text) as category_id, cast(null as text) as pricing_type,
        cast(null as text) as auth_type, cast(null as bigint) as n, d.api_id, d.score
      from m d
      where ${facetConditions(filters)}
      order by ${orderSql(sort, backend)}
      limit ${page.limit} offset ${page.offset}
    ) ranked`.execute(db.kysely);
  const groups: FacetGroupRow[] = [];
  const ranked: RankedApiRow[] = [];
  for (const r of result.rows) {
    if (Number(r.kind) === 0) {
      groups.push({
        category_id: r.category_id,
        pricing_type: r.pricing_type ?? "",
        auth_type: r.auth_type,
        n: Number(r.n),
      });
    } else if (r.api_id !== null) {
      ranked.push({ api_id: r.api_id, score: Number(r.score) });
    }
  }
  return { groups, ranked };
}

export interface BestEndpointRow {
  api_id: string;
  endpoint_id: string;
  method: string;
  path: string;
  summary: string | null;
}

/** For each given API, its endpoint whose method/path/summary/operation id best matches the words (if any does). */
export async function selectBestEndpoints(
  db: Db,
  tenantId: string,
  backend: SearchBackend,
  apiIds: readonly string[],
  plan: readonly TokenPlan[],
  privateApiIds?: readonly string[],
): Promise<BestEndpointRow[]> {
  if (apiIds.length === 0 || plan.length === 0) return [];
  const head = sql`e.head_text`;
  const anyWord = likeAny(
    head,
    plan.flatMap((w) => [wordPattern(w.token, w.prefix), ...typoPatterns(w)]),
  );
  const result = await sql<BestEndpointRow>`select api_id, endpoint_id, method, path, summary from (
      select e.api_id, e.endpoint_id, e.method, e.path, e.summary,
        row_number() over (partition by e.api_id
          order by ${endpointHeadScoreSql(plan, "e")} desc, e.position asc, ${backend.binary(sql`e.endpoint_id`)} asc) as rn
      from search_endpoints e
      where e.tenant_id = ${tenantId} and ${visibleSql("e", privateApiIds)} and e.api_id in (${list(apiIds)}) and ${anyWord}
    ) best where rn = 1`.execute(db.kysely);
  return result.rows;
}

export async function countResources(db: Db, tenantId: string, source: DocumentSource): Promise<number> {
  const result = await sql<{ n: number }>`select count(*) as n from ${source.from}
    where ${baseConditions(tenantId, source, {})}`.execute(db.kysely);
  return Number(result.rows[0]?.n ?? 0);
}

export interface ResourceRow extends BestEndpointRow {
  score: number;
}

/** One page of matching endpoints: relevance, then the API's popularity, then the spec's order. */
export async function selectRankedResources(
  db: Db,
  tenantId: string,
  backend: SearchBackend,
  source: DocumentSource,
  plan: readonly TokenPlan[],
  page: { offset: number; limit: number },
): Promise<ResourceRow[]> {
  const result = await sql<ResourceRow>`select d.api_id, d.endpoint_id, d.method, d.path, d.summary,
      ${scoreSql(plan, "d", MATCH_SCORE.elsewhere)} as score
    from ${source.from}
    where ${baseConditions(tenantId, source, {})}
    order by score desc, d.popularity_milli desc, ${backend.binary(sql`d.api_id`)} asc, d.position asc,
      ${backend.binary(sql`d.endpoint_id`)} asc
    limit ${page.limit} offset ${page.offset}`.execute(db.kysely);
  return result.rows.map((r) => ({ ...r, score: Number(r.score) }));
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

/** Card rows of public APIs (and of the listed private ones) by id (any order; the caller restores result order). */
export async function selectApiCardRows(
  db: Db,
  tenantId: string,
  apiIds: readonly string[],
  privateApiIds?: readonly string[],
) {
  if (apiIds.length === 0) return [];
  return db.kysely
    .selectFrom("apis as a")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "a.owner_id").onRef("u.tenant_id", "=", "a.tenant_id"))
    .leftJoin("categories as c", (j) => j.onRef("c.id", "=", "a.category_id").onRef("c.tenant_id", "=", "a.tenant_id"))
    .select(CARD_COLUMNS)
    .where("a.tenant_id", "=", tenantId)
    .where(visibleSql("a", privateApiIds, "id"))
    .where("a.id", "in", apiIds)
    .execute();
}

export type SearchCardRow = Awaited<ReturnType<typeof selectApiCardRows>>[number];

export async function selectCategoryRefs(db: Db, tenantId: string) {
  return db.kysely.selectFrom("categories").select(["id", "name", "slug"]).where("tenant_id", "=", tenantId).execute();
}

/** Tag definitions shown to visitors (spec section 3: only visible ones are exposed); the caller orders them. */
export async function selectVisibleTagDefinitions(db: Db, tenantId: string) {
  return db.kysely
    .selectFrom("tag_definitions")
    .select(["id", "name", "color", "description", "status", "type", "values_json", "is_visible", "show_tag_name"])
    .where("tenant_id", "=", tenantId)
    .where("is_visible", "=", 1)
    .execute();
}

/**
 * Vocabulary words in any of the typo ranges (typo.ts): same length window, and starting with the range's prefix or
 * ending with its suffix (a prefix of the reversed word). Both are ranges of the (tenant, length, term) and
 * (tenant, length, reversed) indexes of migration 012, one per length, read without touching the table.
 */
export async function selectTypoCandidates(
  db: Db,
  tenantId: string,
  ranges: readonly TypoCandidateRange[],
): Promise<string[]> {
  if (ranges.length === 0) return [];
  const k = db.kysely;
  const rows = await k
    .selectFrom("search_vocabulary")
    .select("term")
    .where("tenant_id", "=", tenantId)
    .where((eb) =>
      eb.or(
        ranges.flatMap((r) => {
          const lengths = Array.from({ length: r.maxLength - r.minLength + 1 }, (_, i) => r.minLength + i);
          const reversedSuffix = [...r.suffix].reverse().join("");
          return [
            eb.and([eb("length", "in", lengths), eb("term", ">=", r.prefix), eb("term", "<", `${r.prefix}{`)]),
            eb.and([
              eb("length", "in", lengths),
              eb("reversed", ">=", reversedSuffix),
              eb("reversed", "<", `${reversedSuffix}{`),
            ]),
          ];
        }),
      ),
    )
    .execute();
  return [...new Set(rows.map((r) => r.term))];
}

/** The tenant's public API documents (index-only on search_documents_browse). */
export async function countPublicDocuments(db: Db, tenantId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom("search_documents")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("visibility", "=", PUBLIC)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface PrivateMatchRow extends FacetGroupRow {
  api_id: string;
  popularity_milli: number;
  score: number;
}

/** A word found in any of the document's texts, by prefix (or exactly) or through one of its corrections. */
function wordAnywhereSql(w: TokenPlan): RawBuilder<SqlBool> {
  const patterns = [wordPattern(w.token, w.prefix), ...typoPatterns(w)];
  return sql<SqlBool>`(${likeAny(sql`d.head_text`, patterns)} or ${likeAny(sql`d.body_text`, patterns)}
    or ${likeAny(sql`d.endpoint_text`, patterns)})`;
}

/**
 * The listed PRIVATE APIs matching every word, with their facet columns, popularity and score (facet filters not
 * applied: the caller counts disjunctively). The tiered path counts and ranks them beside the public documents it
 * reads from the full-text index. The list is the caller's invitations (a few rows), so the words are checked with
 * the same LIKE patterns the one-pass scoring uses, which match exactly what the full-text index matches (documents
 * hold " word word " text of [a-z0-9] words, search-tokens.ts) on both engines.
 */
export async function selectPrivateMatches(
  db: Db,
  tenantId: string,
  plan: readonly TokenPlan[],
  privateApiIds: readonly string[],
): Promise<PrivateMatchRow[]> {
  if (privateApiIds.length === 0 || plan.length === 0) return [];
  const result = await sql<PrivateMatchRow>`select d.api_id, d.category_id, d.pricing_type, d.auth_type,
      1 as n, d.popularity_milli, ${scoreSql(plan, "d", MATCH_SCORE.elsewhere)} as score
    from search_documents d
    where d.tenant_id = ${tenantId} and d.visibility = ${PRIVATE} and d.api_id in (${list(privateApiIds)})
      and ${and(plan.map(wordAnywhereSql))}`.execute(db.kysely);
  return result.rows.map((r) => ({
    ...r,
    n: 1,
    popularity_milli: Number(r.popularity_milli),
    score: Number(r.score),
  }));
}

/** popularity_milli of the given documents (to merge a public page with private matches in rank order). */
export async function selectDocumentPopularity(
  db: Db,
  tenantId: string,
  apiIds: readonly string[],
): Promise<Map<string, number>> {
  if (apiIds.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom("search_documents")
    .select(["api_id", "popularity_milli"])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "in", apiIds)
    .execute();
  return new Map(rows.map((r) => [r.api_id, Number(r.popularity_milli)]));
}
