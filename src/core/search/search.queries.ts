import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/connection";
import { visibleApis } from "../catalog/api-read-model";
import type { SortSpec } from "./search.types";
import type { SearchBackend } from "./search-backend";
import {
  and,
  baseConditions,
  type DocumentSource,
  endpointHeadScoreSql,
  facetConditions,
  likeAny,
  list,
  type SearchFilters,
  scoreSql,
  wordAnywhereSql,
} from "./search-conditions";
import type { TokenPlan } from "./search-plan";
import { MATCH_SCORE, typoPatterns, wordPattern } from "./search-ranking";
import type { TypoCandidateRange } from "./typo";

/*
 * SQL statements of the read side. The full-text part comes from the engine (SearchBackend); filters, facets,
 * relevance and ordering (search-conditions.ts) are the same SQL text on SQLite and PostgreSQL. Documents are always
 * filtered by tenant and by visibility: PUBLIC APIs, plus the PRIVATE ones the caller was given (`privateApiIds`,
 * already authorized by src/core/access/private-apis.service.ts).
 */

const PRIVATE = "PRIVATE";

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
      where e.tenant_id = ${tenantId} and ${visibleApis("e", privateApiIds, "api_id")} and e.api_id in (${list(apiIds)}) and ${anyWord}
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
    .selectFrom("search_documents as d")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("d.tenant_id", "=", tenantId)
    .where(visibleApis("d", [], "api_id"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface PrivateMatchRow extends FacetGroupRow {
  api_id: string;
  popularity_milli: number;
  score: number;
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
