import type { SpotlightsTable } from "../schema";
/** Columns migration 050-content added to 001's spotlights table. */
export type SpotlightFileColumns = {
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  updated_at: number | null;
};

export type TutorialsTable = {
  id: string;
  tenant_id: string;
  api_id: string;
  title: string;
  slug: string;
  thumbnail_url: string | null;
  /** Markdown source; rendered and sanitized on the server for display. */
  body: string;
  draft: 0 | 1;
  published_at: number | null;
  position: number;
  author_id: string | null;
  created_at: number;
  updated_at: number;
};

export type DiscussionKind = "question" | "answer";
export type ContentStatus = "visible" | "hidden" | "locked";

export type DiscussionsTable = {
  id: string;
  tenant_id: string;
  api_id: string;
  author_id: string | null;
  title: string;
  body: string;
  kind: DiscussionKind;
  status: ContentStatus;
  comments_count: number;
  /** The reply marked as the answer (decision 082), and who marked it; null while none is. */
  answer_comment_id?: string | null;
  answer_marked_by?: string | null;
  last_activity_at: number;
  created_at: number;
  updated_at: number;
};

export type DiscussionCommentsTable = {
  id: string;
  tenant_id: string;
  discussion_id: string;
  parent_id: string | null;
  author_id: string | null;
  body: string;
  kind: DiscussionKind;
  status: ContentStatus;
  created_at: number;
  updated_at: number;
};

export type ContentTables = {
  spotlights: SpotlightsTable & SpotlightFileColumns;
  tutorials: TutorialsTable;
  discussions: DiscussionsTable;
  discussion_comments: DiscussionCommentsTable;
};
