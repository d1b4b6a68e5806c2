import { sql } from "kysely";
import type { NewSearchDocument } from "../../core/search/search-index.queries";
import type { Db } from "../../db/connection";

/*
 * SQLite document ids carry what a search needs before it reads any document (docs/decisions/010-search-at-scale.md):
 *   id = rank * 2^39 + facetCode * 2^23 + seq      (below 2^53: exact in JavaScript numbers)
 * - rank = 16383 - popularity_milli (clamped): FTS5 returns rowids in ascending order, i.e. most popular first, so a
 *   tier query with ORDER BY rowid LIMIT n stops after n matches. Ids of one rank bucket are not in api-id order, so
 *   the page query re-reads the whole last bucket and orders it exactly (popularity, then api id).
 * - facetCode numbers the tenant's (category, pricing, auth) combination (search_facet_codes; 0 = not numbered, the
 *   document row is read instead), so totals and facets come from the FTS index's rowids alone.
 * - seq tells apart documents with the same rank and code.
 */
export const RANK_UNIT = 2 ** 39;
export const CODE_UNIT = 2 ** 23;
const MAX_RANK = 2 ** 14 - 1;
const MAX_CODE = 2 ** 16 - 1;
const MAX_SEQ = CODE_UNIT - 1;

export function rankOf(popularityMilli: number): number {
  return MAX_RANK - Math.min(MAX_RANK, Math.max(0, Math.round(popularityMilli)));
}

export function facetCodeOf(docId: number): number {
  return Math.floor(docId / CODE_UNIT) % (MAX_CODE + 1);
}

/** First id after the rank bucket of `docId`: every id below it belongs to an equally or more popular document. */
export function rankBucketEnd(docId: number): number {
  return (Math.floor(docId / RANK_UNIT) + 1) * RANK_UNIT;
}

export function facetKey(categoryId: string | null, pricingType: string, authType: string | null): string {
  return JSON.stringify([categoryId, pricingType, authType]);
}

/** The tenant's facet codes, numbering new combinations (code 0 once all 65,535 are used). */
async function facetCodes(db: Db, tenantId: string, docs: readonly NewSearchDocument[]): Promise<Map<string, number>> {
  const k = db.kysely;
  const rows = await k
    .selectFrom("search_facet_codes")
    .select(["code", "facet_key"])
    .where("tenant_id", "=", tenantId)
    .execute();
  const codes = new Map(rows.map((r) => [r.facet_key, Number(r.code)]));
  let next = rows.reduce((max, r) => Math.max(max, Number(r.code)), 0) + 1;
  const fresh = [];
  for (const d of docs) {
    const category = d.category_id ?? null;
    const auth = d.auth_type ?? null;
    const key = facetKey(category, d.pricing_type, auth);
    if (codes.has(key)) continue;
    if (next > MAX_CODE) {
      codes.set(key, 0);
      continue;
    }
    codes.set(key, next);
    fresh.push({
      tenant_id: tenantId,
      code: next,
      facet_key: key,
      category_id: category,
      pricing_type: d.pricing_type,
      auth_type: auth,
    });
    next++;
  }
  for (let i = 0; i < fresh.length; i += 200) {
    await k
      .insertInto("search_facet_codes")
      .values(fresh.slice(i, i + 200))
      .execute();
  }
  return codes;
}

/** A free id in [base, base + MAX_SEQ]: after the largest used one, or (after much churn) the first gap. */
async function freeIds(db: Db, base: number, count: number): Promise<number[]> {
  const top = await sql<{ m: number | null }>`select max(doc_id) as m from search_documents
    where doc_id between ${base} and ${base + MAX_SEQ}`.execute(db.kysely);
  const max = top.rows[0]?.m;
  const start = max === null || max === undefined ? base : Number(max) + 1;
  if (start + count - 1 <= base + MAX_SEQ) return Array.from({ length: count }, (_, i) => start + i);
  const used = await sql<{ doc_id: number }>`select doc_id from search_documents
    where doc_id between ${base} and ${base + MAX_SEQ} order by doc_id`.execute(db.kysely);
  const taken = new Set(used.rows.map((r) => Number(r.doc_id)));
  const out: number[] = [];
  for (let id = base; id <= base + MAX_SEQ && out.length < count; id++) if (!taken.has(id)) out.push(id);
  if (out.length < count) throw new Error("search index: no free document id in a rank bucket");
  return out;
}

/** Sets doc_id on each new document (call after the documents they replace were deleted, in the same transaction). */
export async function assignSqliteDocumentIds(db: Db, tenantId: string, docs: NewSearchDocument[]): Promise<void> {
  if (docs.length === 0) return;
  const codes = await facetCodes(db, tenantId, docs);
  const byBase = new Map<number, NewSearchDocument[]>();
  for (const d of docs) {
    const code = codes.get(facetKey(d.category_id ?? null, d.pricing_type, d.auth_type ?? null)) ?? 0;
    const base = rankOf(d.popularity_milli) * RANK_UNIT + code * CODE_UNIT;
    const list = byBase.get(base) ?? [];
    list.push(d);
    byBase.set(base, list);
  }
  for (const [base, list] of byBase) {
    const ids = await freeIds(db, base, list.length);
    list.forEach((d, i) => {
      d.doc_id = ids[i];
    });
  }
}
