import type { Db } from "../../db/connection";
import {
  countPublicDocuments,
  type PrivateMatchRow,
  type RankedApiRow,
  selectDocumentPopularity,
} from "./search.queries";
import type { SortSpec } from "./search.types";
import type { FacetFilters, SearchBackend } from "./search-backend";
import type { SearchFilters } from "./search-conditions";
import type { TokenPlan } from "./search-plan";
import { MAX_TIERED_WORDS, scoreLevels } from "./search-tiers";

/*
 * The tiered path of searchApis (docs/decisions/010-search-at-scale.md): when a tenant has many matches, the relevance
 * page is read tier by tier from the full-text index instead of scoring every match in one statement.
 */

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

export async function publicDocumentsHint(db: Db, tenantId: string, rebuilt: number): Promise<number> {
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
export function canReadByTiers(
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
    filters.minRating === undefined &&
    !filters.documented &&
    !filters.healthy &&
    page.offset + page.limit <= MAX_TIERED_DEPTH
  );
}

/**
 * The public documents by relevance up to the end of the page (the first offset + limit): best score first, each
 * score's documents by popularity, stopping once there are enough.
 */
export async function readByTiers(
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
export async function mergePrivate(
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
