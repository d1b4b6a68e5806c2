import { type RawBuilder, sql } from "kysely";
import { selectTypoCandidates } from "../../core/search/search.queries";
import type { FacetFilters, SearchBackend, SearchTarget } from "../../core/search/search-backend";
import { facetConditions } from "../../core/search/search-conditions";
import type { TokenPlan } from "../../core/search/search-plan";
import { MATCH_SCORE } from "../../core/search/search-ranking";
import type { Tier } from "../../core/search/search-tiers";
import { scopeToken } from "../../core/search/search-tokens";
import type { Db } from "../../db/connection";
import { assignSqliteDocumentIds, CODE_UNIT, rankBucketEnd } from "./sqlite-doc-ids";

/** The facet code packed in a search_fts rowid (sqlite-doc-ids.ts). */
const CODE = sql.raw(`((search_fts.rowid / ${CODE_UNIT}) % 65536)`);

const TABLES = {
  apis: { docs: "search_documents", fts: "search_fts" },
  endpoints: { docs: "search_endpoints", fts: "search_endpoints_fts" },
} as const;

/** search_fts also holds scope_text, which user words must never match. */
const CONTENT = "{head_text body_text endpoint_text}";

/**
 * FTS5 query text: ("weat"* OR "wheat") AND ("api"*). Words are [a-z0-9] only (search-tokens.ts), so quoting them is
 * enough to keep FTS5 syntax (NEAR, AND, ^, *, quotes) out of user input.
 */
export function fts5Query(plan: readonly TokenPlan[]): string {
  return plan
    .map((w) => {
      const alternatives = [`"${w.token}"${w.prefix ? "*" : ""}`, ...w.typos.map((t) => `"${t}"`)];
      return `(${alternatives.join(" OR ")})`;
    })
    .join(" AND ");
}

/** The word matching exactly at `tier` (and at no better one), with FTS5 column filters (search-tiers.ts). */
export function fts5Tier(w: TokenPlan, tier: Tier): string {
  const p = `"${w.token}"${w.prefix ? "*" : ""}`;
  const t = w.typos.map((x) => `"${x}"`).join(" OR ");
  const pt = t === "" ? p : `${p} OR ${t}`;
  if (tier === MATCH_SCORE.headPrefix) return `({head_text}: (${p}))`;
  if (tier === MATCH_SCORE.bodyPrefix) return `(({body_text}: (${p})) NOT ({head_text}: (${p})))`;
  if (tier === MATCH_SCORE.headTypo) return `(({head_text}: (${t})) NOT ({head_text body_text}: (${p})))`;
  if (tier === MATCH_SCORE.bodyTypo)
    return `((({body_text}: (${t})) NOT ({head_text}: (${t}))) NOT ({head_text body_text}: (${p})))`;
  return `(({endpoint_text}: (${pt})) NOT ({head_text body_text}: (${pt})))`;
}

function scoped(tenantId: string, content: string): string {
  return `{scope_text}: "${scopeToken(tenantId, true)}" AND (${content})`;
}

/** "3,3,12,0" -> {3: 2, 12: 1, 0: 1}, reading the digits in place (40,000 codes: no split, no temporary strings). */
export function tallyCodes(text: string): Map<number, number> {
  const counts = new Map<number, number>();
  let code = 0;
  let digits = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c >= 48 && c <= 57) {
      code = code * 10 + (c - 48);
      digits++;
    } else if (digits > 0) {
      counts.set(code, (counts.get(code) ?? 0) + 1);
      code = 0;
      digits = 0;
    }
  }
  return counts;
}

/** Rowid condition for facet filters: codes from the rowid, or the row itself for uncoded (code 0) documents. */
async function codeCondition(db: Db, tenantId: string, filters: FacetFilters): Promise<RawBuilder<unknown>> {
  if (filters.categoryIds === undefined && filters.pricingTypes === undefined && filters.authTypes === undefined) {
    return sql``;
  }
  const rows = await sql<{ code: number }>`select d.code from search_facet_codes d
    where d.tenant_id = ${tenantId} and ${facetConditions(filters)}`.execute(db.kysely);
  // Integers straight from the table: inlined (a bound text '3' would not equal the integer 3 in SQLite).
  const codes = rows.rows.map((r) => Math.trunc(Number(r.code)));
  return sql`and (${codes.length > 0 ? sql`${CODE} in (${sql.raw(codes.join(", "))})` : sql`1 = 0`}
    or (${CODE} = 0 and exists (select 1 from search_documents d
      where d.doc_id = search_fts.rowid and ${facetConditions(filters)})))`;
}

/** Embedded engine: SQLite FTS5 over the pre-tokenized documents (external-content tables kept by triggers). */
export const sqliteFts5Backend: SearchBackend = {
  name: "sqlite-fts5",
  // better-sqlite3 is synchronous: queries run one after the other whatever the caller does.
  concurrentReads: false,
  match(target: SearchTarget, plan: readonly TokenPlan[]) {
    const t = TABLES[target];
    const text = target === "apis" ? `${CONTENT}: (${fts5Query(plan)})` : fts5Query(plan);
    return {
      // The FTS table drives the join, so only matching rows are visited.
      from: sql`${sql.table(t.fts)} join ${sql.table(t.docs)} d on d.doc_id = ${sql.ref(`${t.fts}.rowid`)}`,
      where: sql<boolean>`${sql.table(t.fts)} match ${text}`,
    };
  },
  all(target: SearchTarget) {
    return sql`${sql.table(TABLES[target].docs)} d`;
  },
  typoCandidates: selectTypoCandidates,
  binary(column) {
    return sql`${column} collate binary`;
  },

  async matchCount(db, tenantId, plan, filters) {
    const text = scoped(tenantId, `${CONTENT}: (${fts5Query(plan)})`);
    const result = await sql<{ n: number }>`select count(*) as n from search_fts
      where search_fts match ${text} ${await codeCondition(db, tenantId, filters)}`.execute(db.kysely);
    return Number(result.rows[0]?.n ?? 0);
  },

  async matchGroups(db, tenantId, plan) {
    const text = scoped(tenantId, `${CONTENT}: (${fts5Query(plan)})`);
    // One row: the facet codes of every match as text (40,000 row objects would cost more than the counting).
    const result = await sql<{ codes: string | null }>`select group_concat(${CODE}) as codes
      from search_fts where search_fts match ${text}`.execute(db.kysely);
    const counts = tallyCodes(result.rows[0]?.codes ?? "");
    if (counts.size === 0) return [];
    const coded = [...counts.keys()].filter((c) => c !== 0);
    const defs =
      coded.length === 0
        ? []
        : await db.kysely
            .selectFrom("search_facet_codes")
            .select(["code", "category_id", "pricing_type", "auth_type"])
            .where("tenant_id", "=", tenantId)
            .where("code", "in", coded)
            .execute();
    const groups = defs.map((d) => ({
      category_id: d.category_id,
      pricing_type: d.pricing_type,
      auth_type: d.auth_type,
      n: counts.get(Number(d.code)) ?? 0,
    }));
    if (counts.has(0)) {
      const uncoded = await sql<{
        category_id: string | null;
        pricing_type: string;
        auth_type: string | null;
        n: number;
      }>`
        select d.category_id, d.pricing_type, d.auth_type, count(*) as n
        from search_fts join search_documents d on d.doc_id = search_fts.rowid
        where search_fts match ${text} and ${CODE} = 0
        group by d.category_id, d.pricing_type, d.auth_type`.execute(db.kysely);
      groups.push(...uncoded.rows.map((r) => ({ ...r, n: Number(r.n) })));
    }
    return groups;
  },

  async levelPage(db, tenantId, plan, tuples, filters, limit) {
    const level = tuples.map(
      (t) => `(${plan.map((w, i) => fts5Tier(w, t[i] ?? MATCH_SCORE.elsewhere)).join(" AND ")})`,
    );
    const text = scoped(tenantId, level.join(" OR "));
    const codes = await codeCondition(db, tenantId, filters);
    // Rowids ascend with popularity descending: the first `limit` matches in rowid order are the most popular ones,
    // except that ids inside one popularity bucket are not in api-id order, so the last bucket is read whole.
    const first = await sql<{ id: number }>`select search_fts.rowid as id from search_fts
      where search_fts match ${text} ${codes} order by search_fts.rowid limit ${limit}`.execute(db.kysely);
    const ids = first.rows.map((r) => Math.trunc(Number(r.id)));
    const last = ids[ids.length - 1];
    if (last === undefined) return [];
    if (ids.length < limit) {
      // Every document of the level is known: order them (integers straight from FTS5, inlined).
      const rows = await sql<{ api_id: string }>`select d.api_id from search_documents d
        where d.doc_id in (${sql.raw(ids.join(", "))})
        order by d.popularity_milli desc, d.api_id`.execute(db.kysely);
      return rows.rows.map((r) => r.api_id);
    }
    const rows = await sql<{ api_id: string }>`select d.api_id
      from search_fts join search_documents d on d.doc_id = search_fts.rowid
      where search_fts match ${text} ${codes} and search_fts.rowid < ${sql.raw(String(rankBucketEnd(last)))}
      order by d.popularity_milli desc, d.api_id limit ${limit}`.execute(db.kysely);
    return rows.rows.map((r) => r.api_id);
  },

  assignDocumentIds: assignSqliteDocumentIds,
};
