import type { RawBuilder, SqlBool } from "kysely";
import type { Db } from "../../db/connection";
import type { FacetGroupRow } from "./search.queries";
import type { SearchFilters } from "./search-conditions";
import type { NewSearchDocument } from "./search-index.queries";
import type { TokenPlan } from "./search-plan";
import type { TierTuple } from "./search-tiers";
import type { TypoCandidateRange } from "./typo";

/** Which document table a full-text match runs over. */
export type SearchTarget = "apis" | "endpoints";

/**
 * The engine-specific part of search: the full-text match and the typo-candidate lookup. Everything else (tokens,
 * typo rules, ranking, filters, facets, paging) lives in src/core/search and is the same SQL on both engines, so both
 * implementations (src/infra/search) return the same results in the same order for the same data.
 */
export interface SearchBackend {
  readonly name: string;
  /** Whether independent reads really overlap (a connection pool), so speculative work costs no waiting. */
  readonly concurrentReads: boolean;
  /**
   * FROM clause exposing the documents as alias `d` (search_documents or search_endpoints), and the condition that
   * keeps the documents matching every word of the plan (AND over words, OR over a word's prefix and corrections).
   */
  match(target: SearchTarget, plan: readonly TokenPlan[]): { from: RawBuilder<unknown>; where: RawBuilder<SqlBool> };
  /** The same documents without a full-text condition (an empty term browses the catalog). */
  all(target: SearchTarget): RawBuilder<unknown>;
  /** Vocabulary words (letters only) inside any of the ranges: starting with prefix or ending with suffix, by length. */
  typoCandidates(db: Db, tenantId: string, ranges: readonly TypoCandidateRange[]): Promise<string[]>;
  /** Byte-order comparison for text tie-breakers (PostgreSQL would otherwise use the database's collation). */
  binary(column: RawBuilder<unknown>): RawBuilder<unknown>;
  /**
   * The tenant's public API documents matching every word, counted by (category, pricing type, auth type), without
   * reading the documents' text. Facet filters are not applied (the caller counts disjunctively).
   */
  matchGroups(db: Db, tenantId: string, plan: readonly TokenPlan[]): Promise<FacetGroupRow[]>;
  /** How many of the tenant's public API documents match every word and the facet filters. */
  matchCount(db: Db, tenantId: string, plan: readonly TokenPlan[], filters: FacetFilters): Promise<number>;
  /**
   * The first `limit` API ids, by popularity (desc) then id (byte order), among the tenant's public documents whose
   * words match exactly at the tiers of one of `tuples`, within the facet filters.
   */
  levelPage(
    db: Db,
    tenantId: string,
    plan: readonly TokenPlan[],
    tuples: readonly TierTuple[],
    filters: FacetFilters,
    limit: number,
  ): Promise<string[]>;
  /** Gives new documents their ids before they are inserted (SQLite: rank-ordered ids); may leave them unset. */
  assignDocumentIds(db: Db, tenantId: string, docs: NewSearchDocument[]): Promise<void>;
}

/** The filters a tiered read supports: the ones that are columns of the document. */
export type FacetFilters = Pick<SearchFilters, "categoryIds" | "pricingTypes" | "authTypes">;
