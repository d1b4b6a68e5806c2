import type { Generated } from "kysely";
import type { PricingType, Visibility } from "../schema";

/* Tables of migration 010-search, read and written only by the search domain; part of the one Database type in
 * src/db/schema.ts. */

/** One row per API: pre-tokenized text (" word word ", see search-tokens.ts) plus copied sort/facet columns. */
export type SearchDocumentsTable = {
  doc_id: Generated<number>;
  tenant_id: string;
  api_id: string;
  visibility: Visibility;
  /** Name, provider and owner name: the strongest matches. */
  head_text: string;
  /** Short description, category, features. */
  body_text: string;
  /** Methods, paths, summaries and operation ids of the current version's endpoints. */
  endpoint_text: string;
  /** " zp<tenant hex> " (public) or " zx<tenant hex> ": lets SQLite FTS5 count a tenant's public matches alone. */
  scope_text: string;
  name_sort: string;
  category_id: string | null;
  pricing_type: PricingType;
  auth_type: string | null;
  /** popularity and rating times 1000, rounded: integers order identically on both engines. */
  popularity_milli: number;
  rating_milli: number;
  latency_ms: number | null;
  updated_at: number;
};

/** One row per endpoint of an API's current version (the Resources tab). */
export type SearchEndpointsTable = {
  doc_id: Generated<number>;
  tenant_id: string;
  api_id: string;
  endpoint_id: string;
  visibility: Visibility;
  /** Method, path, summary, operation id. */
  head_text: string;
  /** The API's name and provider, so "weather forecast" finds the forecast operation of a weather API. */
  body_text: string;
  method: string;
  path: string;
  summary: string | null;
  position: number;
  popularity_milli: number;
};

/** SQLite only: the (category, pricing, auth) combinations of a tenant, numbered so doc ids can carry them. */
export type SearchFacetCodesTable = {
  tenant_id: string;
  code: number;
  facet_key: string;
  category_id: string | null;
  pricing_type: string;
  auth_type: string | null;
};

/** Distinct letter-only words of a tenant's documents: the targets of typo correction. */
export type SearchVocabularyTable = {
  tenant_id: string;
  term: string;
  reversed: string;
  length: number;
};

/** APIs whose document must be rebuilt (filled by triggers on the catalog tables). */
export type SearchDirtyTable = {
  tenant_id: string;
  api_id: string;
};

export type SearchTables = {
  search_documents: SearchDocumentsTable;
  search_endpoints: SearchEndpointsTable;
  search_vocabulary: SearchVocabularyTable;
  search_dirty: SearchDirtyTable;
  search_facet_codes: SearchFacetCodesTable;
};
