import { z } from "zod";
import type { Db } from "../../db/connection";
import { canEditApi, requireVisibleApi } from "../access/private-apis.service";
import type { Viewer } from "../accounts/accounts.types";
import { parseInput } from "../accounts/validation";
import { renderContentMarkdown } from "../content/content-markdown";
import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";
import { RATING_MESSAGES, REVIEW_SORTS, REVIEWS_PAGE_SIZE, type ReviewSort } from "./rating-messages";
import {
  countReviews,
  type ReviewRow,
  selectApiAggregate,
  selectRatingOfUser,
  selectReview,
  selectReviews,
} from "./ratings.queries";

/*
 * Reading ratings: the summary every screen shows and the pages of reviews. Writing them (rate, edit, delete, reply,
 * vote) is ratings.service.ts.
 */

/** An API's rating as every screen shows it: real numbers, or the demo catalog's generated ones, never both. */
export interface RatingSummary {
  average: number;
  votes: number;
  /** Counts of 1..5 stars (index 0 = 1 star); null while the numbers are demo or nobody rated. */
  distribution: number[] | null;
  isDemo: boolean;
}

export interface Review {
  id: string;
  apiId: string;
  stars: number;
  title: string;
  body: string;
  /** Sanitized HTML of the Markdown body (the discussions' renderer and sanitizer). */
  bodyHtml: string;
  helpfulCount: number;
  author: { id: string; username: string; thumbnail: string | null };
  reply: { bodyHtml: string; body: string; authorUsername: string | null; repliedAt: number } | null;
  /** The viewer found it helpful. */
  votedHelpful: boolean;
  isMine: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface ReviewPage {
  summary: RatingSummary;
  items: Review[];
  total: number;
  offset: number;
  limit: number;
  sort: ReviewSort;
  /** The viewer's own rating of this API, on any page. */
  mine: Review | null;
  /** The viewer may rate (signed in, not the API's provider). */
  canRate: boolean;
  /** The viewer may reply to reviews (the API's provider). */
  canReply: boolean;
}

export function toSummary(row: {
  rating_avg: number;
  rating_votes: number;
  rating_is_demo: number;
  rating_distribution: string | null;
}): RatingSummary {
  let distribution: number[] | null = null;
  if (row.rating_distribution) {
    const parsed: unknown = JSON.parse(row.rating_distribution);
    if (Array.isArray(parsed) && parsed.length === 5) distribution = parsed.map((n) => Number(n) || 0);
  }
  return {
    average: Number(row.rating_avg),
    votes: Number(row.rating_votes),
    distribution,
    isDemo: Number(row.rating_is_demo) === 1,
  };
}

async function toReview(row: ReviewRow, viewerId: string | null): Promise<Review> {
  return {
    id: row.id,
    apiId: row.api_id,
    stars: Number(row.stars),
    title: row.title,
    body: row.body,
    bodyHtml: row.body ? (await renderContentMarkdown(row.body)).html : "",
    helpfulCount: Number(row.helpful_count),
    author: { id: row.user_id, username: row.author_username, thumbnail: row.author_thumbnail },
    reply:
      row.reply_body !== null && row.replied_at !== null
        ? {
            body: row.reply_body,
            bodyHtml: (await renderContentMarkdown(row.reply_body)).html,
            authorUsername: row.reply_username,
            repliedAt: Number(row.replied_at),
          }
        : null,
    votedHelpful: row.voted_by !== null,
    isMine: viewerId !== null && row.user_id === viewerId,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function requireReviewView(db: Db, tenantId: string, viewer: Viewer, ratingId: string): Promise<Review> {
  const row = await selectReview(db, tenantId, ratingId, viewer.id);
  if (!row) throw new AppError("NOT_FOUND", RATING_MESSAGES.notFound);
  return toReview(row, viewer.id);
}

/** The API's rating summary (real aggregate, or the demo numbers marked as such). */
export async function getRatingSummary(ctx: UseCaseContext, apiId: string): Promise<RatingSummary> {
  const { db, tenantId } = ctx;
  await requireVisibleApi(ctx, apiId);
  const row = await selectApiAggregate(db, tenantId, apiId);
  if (!row) throw new AppError("NOT_FOUND", "API not found");
  return toSummary(row);
}

const listSchema = z.object({
  sort: z.enum(REVIEW_SORTS, { error: "Sort by newest, helpful, highest or lowest" }).default("newest"),
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(50).default(REVIEWS_PAGE_SIZE),
});

/** A page of an API's reviews in the chosen order, with the summary and the viewer's own rating. */
export async function listReviews(
  ctx: UseCaseContext,
  apiId: string,
  page: { sort?: string | null; offset?: number | null; limit?: number | null } = {},
): Promise<ReviewPage> {
  const { db, tenantId, viewer } = ctx;
  await requireVisibleApi(ctx, apiId);
  const { sort, offset, limit } = parseInput(listSchema, {
    sort: page.sort ?? undefined,
    offset: page.offset ?? undefined,
    limit: page.limit ?? undefined,
  });
  const v = viewer && viewer.tenantId === tenantId ? viewer : null;
  const [aggregate, rows, total, mineRow, canEdit] = await Promise.all([
    selectApiAggregate(db, tenantId, apiId),
    selectReviews(db, tenantId, apiId, v?.id ?? null, { sort, offset, limit }),
    countReviews(db, tenantId, apiId),
    v ? selectRatingOfUser(db, tenantId, apiId, v.id) : Promise.resolve(undefined),
    canEditApi({ db, tenantId, viewer: v }, apiId),
  ]);
  if (!aggregate) throw new AppError("NOT_FOUND", "API not found");
  const items = await Promise.all(rows.map((r) => toReview(r, v?.id ?? null)));
  const mine =
    mineRow && v
      ? (items.find((i) => i.id === mineRow.id) ?? (await requireReviewView(db, tenantId, v, mineRow.id)))
      : null;
  return {
    summary: toSummary(aggregate),
    items,
    total,
    offset,
    limit,
    sort,
    mine,
    canRate: v !== null && !canEdit,
    canReply: canEdit,
  };
}
