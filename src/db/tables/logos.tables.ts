/* Tables of migration 142-api-logos (issue 18, decision 142), part of the one Database type in src/db/schema.ts. */

export interface ApiLogosTable {
  tenant_id: string;
  /** sha256 (hex) of `url`. */
  url_hash: string;
  /** The remote logo address (an API's thumbnail) this row caches. */
  url: string;
  /** One of the allowed image types; null when the last fetch failed. */
  content_type: string | null;
  body_base64: string | null;
  /** Why the last fetch failed (for operators); null after a success. */
  failure: string | null;
  fetched_at: number;
  /** Not fetched again before this time (a picture for days, a failure for an hour). */
  retry_at: number;
}

export type LogosTables = {
  api_logos: ApiLogosTable;
};
