/** Tables of migrations 080-ratings and 081-spec-changes (only core/ratings and core/api-specs read or write them). */
export type ApiRatingsTable = {
  id: string;
  tenant_id: string;
  api_id: string;
  user_id: string;
  /** 1..5 */
  stars: number;
  title: string;
  /** Markdown source; rendered and sanitized like discussions for display. */
  body: string;
  helpful_count: number;
  /** The provider's one reply (Markdown), its author and time. */
  reply_body: string | null;
  reply_author_id: string | null;
  replied_at: number | null;
  created_at: number;
  updated_at: number;
};

export type ApiRatingVotesTable = {
  tenant_id: string;
  rating_id: string;
  user_id: string;
  created_at: number;
};

export type ApiVersionChangesTable = {
  version_id: string;
  tenant_id: string;
  api_id: string;
  previous_version_id: string | null;
  version: string;
  previous_version: string | null;
  /** JSON of the SpecChangeSet (src/core/specs/spec-changes.ts). */
  diff_json: string;
  breaking_count: number;
  change_count: number;
  created_at: number;
  /** Set when every follower and subscriber was notified (the fan-out's outbox mark). */
  notified_at: number | null;
};

export type RatingsTables = {
  api_ratings: ApiRatingsTable;
  api_rating_votes: ApiRatingVotesTable;
  api_version_changes: ApiVersionChangesTable;
};
