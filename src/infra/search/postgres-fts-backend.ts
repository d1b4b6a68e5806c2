import { type RawBuilder, type SqlBool, sql } from "kysely";
import { selectTypoCandidates } from "../../core/search/search.queries";
import type { SearchBackend, SearchTarget } from "../../core/search/search-backend";
import { facetConditions } from "../../core/search/search-conditions";
import type { TokenPlan } from "../../core/search/search-plan";
import { MATCH_SCORE } from "../../core/search/search-ranking";
import type { Tier } from "../../core/search/search-tiers";

const TABLES = { apis: "search_documents", endpoints: "search_endpoints" } as const;
const PUBLIC = "PUBLIC";

/**
 * tsquery text: ('weat':* | 'wheat') & ('api':*). Words are [a-z0-9] only (search-tokens.ts), and the tsvector holds
 * the same words verbatim (array_to_tsvector in migration 010), so no PostgreSQL parser or dictionary is involved.
 */
export function tsQuery(plan: readonly TokenPlan[]): string {
  return plan
    .map((w) => {
      const alternatives = [`'${w.token}'${w.prefix ? ":*" : ""}`, ...w.typos.map((t) => `'${t}'`)];
      return `(${alternatives.join(" | ")})`;
    })
    .join(" & ");
}

function q(text: string): RawBuilder<unknown> {
  return sql`cast(${text} as tsquery)`;
}

/** The word matching exactly at `tier` (and at no better one), over the head/body/all tsvectors (migration 012). */
export function pgTier(w: TokenPlan, tier: Tier): RawBuilder<SqlBool> {
  const p = q(`'${w.token}'${w.prefix ? ":*" : ""}`);
  const typos = w.typos.map((x) => `'${x}'`).join(" | ");
  const t = q(typos);
  const pt = q(typos === "" ? `'${w.token}'${w.prefix ? ":*" : ""}` : `'${w.token}'${w.prefix ? ":*" : ""} | ${typos}`);
  if (tier === MATCH_SCORE.headPrefix) return sql<SqlBool>`d.tsv_head @@ ${p}`;
  if (tier === MATCH_SCORE.bodyPrefix) return sql<SqlBool>`(d.tsv_body @@ ${p} and not d.tsv_head @@ ${p})`;
  if (tier === MATCH_SCORE.headTypo)
    return sql<SqlBool>`(d.tsv_head @@ ${t} and not d.tsv_head @@ ${p} and not d.tsv_body @@ ${p})`;
  if (tier === MATCH_SCORE.bodyTypo)
    return sql<SqlBool>`(d.tsv_body @@ ${t} and not d.tsv_head @@ ${t} and not d.tsv_head @@ ${p}
      and not d.tsv_body @@ ${p})`;
  return sql<SqlBool>`(d.tsv @@ ${pt} and not d.tsv_head @@ ${pt} and not d.tsv_body @@ ${pt})`;
}

function publicMatches(tenantId: string, plan: readonly TokenPlan[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`d.tenant_id = ${tenantId} and d.visibility = ${PUBLIC} and d.tsv @@ ${q(tsQuery(plan))}`;
}

/** Scale-out engine: PostgreSQL tsvector + GIN for matching, pg_trgm for typo candidates. */
export const postgresFtsBackend: SearchBackend = {
  name: "postgres-fts-trgm",
  concurrentReads: true,
  match(target: SearchTarget, plan: readonly TokenPlan[]) {
    return {
      from: sql`${sql.table(TABLES[target])} d`,
      where: sql<boolean>`d.tsv @@ cast(${tsQuery(plan)} as tsquery)`,
    };
  },
  all(target: SearchTarget) {
    return sql`${sql.table(TABLES[target])} d`;
  },
  typoCandidates: selectTypoCandidates,
  binary(column) {
    return sql`${column} collate "C"`;
  },

  async matchCount(db, tenantId, plan, filters) {
    const result = await sql<{ n: number }>`select count(*) as n from search_documents d
      where ${publicMatches(tenantId, plan)} and ${facetConditions(filters)}`.execute(db.kysely);
    return Number(result.rows[0]?.n ?? 0);
  },

  async matchGroups(db, tenantId, plan) {
    const result = await sql<{ category_id: string | null; pricing_type: string; auth_type: string | null; n: number }>`
      select d.category_id, d.pricing_type, d.auth_type, count(*) as n from search_documents d
      where ${publicMatches(tenantId, plan)}
      group by d.category_id, d.pricing_type, d.auth_type`.execute(db.kysely);
    return result.rows.map((r) => ({ ...r, n: Number(r.n) }));
  },

  async levelPage(db, tenantId, plan, tuples, filters, limit) {
    const level = tuples.map(
      (t) =>
        sql<SqlBool>`(${sql.join(
          plan.map((w, i) => pgTier(w, t[i] ?? MATCH_SCORE.elsewhere)),
          sql` and `,
        )})`,
    );
    const rows = await sql<{ api_id: string }>`select d.api_id from search_documents d
      where ${publicMatches(tenantId, plan)} and (${sql.join(level, sql` or `)}) and ${facetConditions(filters)}
      order by d.popularity_milli desc, d.api_id collate "C" limit ${limit}`.execute(db.kysely);
    return rows.rows.map((r) => r.api_id);
  },

  async assignDocumentIds() {
    // bigserial ids: PostgreSQL reads tiers through the rank B-tree (migration 012), not in id order.
  },
};
