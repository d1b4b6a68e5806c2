import { type RawBuilder, type SqlBool, sql } from "kysely";
import { visibleApis } from "../catalog/api-read-model";
import type { TokenPlan } from "./search-plan";
import { MATCH_SCORE, typoPatterns, wordPattern } from "./search-ranking";

/*
 * The SQL fragments of the read side: where documents come from, the filters every statement applies (tenant,
 * visibility through the API read model's visibleApis, collections, tags), the facet filters and the relevance score.
 * Plain SQL text, the same on SQLite and PostgreSQL, which is what makes both engines agree.
 */

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
   * Minimum average rating (1-4): APIs rated at least this, real or demo (demo stars are labelled on every card).
   * A membership filter like collections and tags: facet counts are counted within it.
   */
  minRating?: number;
  /** Only APIs with a current spec (the "Has endpoints" facet of documented-first discovery, decision 100). */
  documented?: boolean;
  /** Only APIs whose latest health probe found them up (decision 101). */
  healthy?: boolean;
  /**
   * Not a filter: PRIVATE APIs the caller may also see (ids from privateApiIdsFor; undefined or empty = none). Only
   * documents that are PRIVATE and listed are added to the PUBLIC ones.
   */
  privateApiIds?: readonly string[];
}

/** Bound values joined by commas, for `in (...)`. */
export function list(values: readonly string[]): RawBuilder<unknown> {
  return sql.join(values.map((v) => sql`${v}`));
}

function inList(column: RawBuilder<unknown>, values: readonly string[]): RawBuilder<SqlBool> {
  return values.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${column} in (${list(values)})`;
}

export function and(parts: ReadonlyArray<RawBuilder<SqlBool> | null>): RawBuilder<SqlBool> {
  const kept = parts.filter((p): p is RawBuilder<SqlBool> => p !== null);
  return kept.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(kept, sql` and `)}`;
}

/** Tenant, visibility, full-text and the membership filters (collections, tags), which facets never ignore. */
export function baseConditions(tenantId: string, source: DocumentSource, filters: SearchFilters): RawBuilder<SqlBool> {
  return and([
    source.where,
    sql<SqlBool>`d.tenant_id = ${tenantId}`,
    // rating_milli is the average times 1000 (search-index.ts): integers compare identically on both engines.
    filters.minRating === undefined ? null : sql<SqlBool>`d.rating_milli >= ${Math.round(filters.minRating * 1000)}`,
    visibleApis("d", filters.privateApiIds, "api_id"),
    filters.documented
      ? sql<SqlBool>`d.api_id in (select da.id from apis da
          where da.tenant_id = ${tenantId} and da.current_version_id is not null)`
      : null,
    filters.healthy
      ? sql<SqlBool>`d.api_id in (select hp.api_id from api_health_probes hp
          where hp.tenant_id = ${tenantId} and hp.up = 1 and hp.probed_at = (select max(hq.probed_at)
            from api_health_probes hq where hq.tenant_id = hp.tenant_id and hq.api_id = hp.api_id))`
      : null,
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

export function likeAny(column: RawBuilder<unknown>, patterns: readonly string[]): RawBuilder<SqlBool> {
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
export function endpointHeadScoreSql(plan: readonly TokenPlan[], alias: string): RawBuilder<number> {
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

/** A word found in any of the document's texts, by prefix (or exactly) or through one of its corrections. */
export function wordAnywhereSql(w: TokenPlan): RawBuilder<SqlBool> {
  const patterns = [wordPattern(w.token, w.prefix), ...typoPatterns(w)];
  return sql<SqlBool>`(${likeAny(sql`d.head_text`, patterns)} or ${likeAny(sql`d.body_text`, patterns)}
    or ${likeAny(sql`d.endpoint_text`, patterns)})`;
}
