import { z } from "zod";
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { canEditApi, requireVisibleApi } from "../access/private-apis.service";
import { requireViewer } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import { reserveAttempt } from "../accounts/attempt-limits.service";
import { hourlyLimit } from "../accounts/login-throttle";
import { parseInput } from "../accounts/validation";
import { renderContentMarkdown } from "../content/content-markdown";
import { AppError, isAppError } from "../errors/app-error";
import { notifyReviewNew, notifyReviewReply } from "../notifications/event-notifications";
import type { UseCaseContext } from "../use-case-context";
import { RATING_LIMITS, RATING_MESSAGES, REVIEW_SORTS, REVIEWS_PAGE_SIZE, type ReviewSort } from "./rating-messages";
import {
  bumpHelpfulCount,
  countReviews,
  countStars,
  deleteRatingRow,
  deleteVote,
  insertRating,
  insertVote,
  lockApiForRating,
  type ReviewRow,
  selectApiAggregate,
  selectRating,
  selectRatingOfUser,
  selectReview,
  selectReviews,
  setReplyOnce,
  updateRatingContent,
  writeAggregate,
} from "./ratings.queries";

export { RATING_LIMITS, RATING_MESSAGES, REVIEW_SORTS, REVIEWS_PAGE_SIZE, type ReviewSort };

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

/**
 * Control characters other than tab and line breaks have no place in a review; refusing them keeps terminals, feeds
 * and e-mails that quote a review safe too.
 */
export function hasControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

const ratingInputSchema = z
  .object({
    stars: z
      .number({ error: RATING_MESSAGES.starsRange })
      .int(RATING_MESSAGES.starsRange)
      .min(1, RATING_MESSAGES.starsRange)
      .max(5, RATING_MESSAGES.starsRange),
    title: z.string().trim().max(RATING_LIMITS.titleMax, RATING_MESSAGES.titleTooLong).default(""),
    body: z.string().trim().max(RATING_LIMITS.bodyMax, RATING_MESSAGES.bodyTooLong).default(""),
  })
  .superRefine((v, ctx) => {
    if (v.title && !v.body) ctx.addIssue({ code: "custom", path: ["body"], message: RATING_MESSAGES.titleNeedsBody });
    for (const key of ["title", "body"] as const) {
      if (hasControlChars(v[key]))
        ctx.addIssue({ code: "custom", path: [key], message: "Remove the control characters from the text" });
    }
  });

export type RatingInput = { stars?: unknown; title?: unknown; body?: unknown };

function parseRating(input: RatingInput) {
  return parseInput(ratingInputSchema, {
    stars: input.stars,
    title: input.title ?? undefined,
    body: input.body ?? undefined,
  });
}

function toSummary(row: {
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

/**
 * Recomputes the API's aggregate from its real ratings, inside the rating's transaction and after lockApiForRating:
 * the first real rating replaces generated demo numbers, and deleting the last one leaves "no ratings" (never the demo
 * numbers again: they were never real).
 */
async function refreshAggregate(trx: Parameters<typeof writeAggregate>[0], tenantId: string, apiId: string) {
  const counts = await countStars(trx, tenantId, apiId);
  const distribution = [0, 0, 0, 0, 0];
  for (const c of counts) {
    const stars = Number(c.stars);
    if (stars >= 1 && stars <= 5) distribution[stars - 1] = Number(c.n);
  }
  const votes = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
  await writeAggregate(trx, tenantId, apiId, {
    average: votes === 0 ? 0 : Math.round((sum / votes) * 100) / 100,
    votes,
    distribution: votes === 0 ? null : distribution,
  });
}

/** Counts one use of the viewer's hourly budget under `key`, refusing with `message` once it is spent. */
async function spendBudget(db: Db, tenantId: string, key: string, max: number, message: string, now: number) {
  try {
    await reserveAttempt(db, tenantId, key, now, hourlyLimit(max));
  } catch (error) {
    if (!isAppError(error) || error.code !== "RATE_LIMITED") throw error;
    const minutes = Math.max(1, Math.ceil(Number(error.details?.retryAfterSeconds ?? 60) / 60));
    throw new AppError(
      "RATE_LIMITED",
      `${message} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      error.details,
    );
  }
}

async function limitWrites(db: Db, tenantId: string, viewer: Viewer, now: number) {
  await spendBudget(
    db,
    tenantId,
    `rating-write:${viewer.id}`,
    RATING_LIMITS.writesPerHour,
    RATING_MESSAGES.tooManyWrites,
    now,
  );
}

/** The API for a rating by `viewer`: visible to them, and not theirs to provide (owners cannot rate their own API). */
async function requireRateable(db: Db, tenantId: string, viewer: Viewer, apiId: string) {
  await requireVisibleApi({ db, tenantId, viewer }, apiId);
  if (await canEditApi({ db, tenantId, viewer }, apiId)) throw new AppError("FORBIDDEN", RATING_MESSAGES.ownApi);
}

/** Rates an API 1-5 with an optional review; one rating per user and API (a second one is CONFLICT). */
export async function rateApi(
  ctx: UseCaseContext,
  apiId: string,
  input: RatingInput,
  now = Date.now(),
): Promise<RatingSummary> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  await requireRateable(db, tenantId, v, apiId);
  const data = parseRating(input);
  if (await selectRatingOfUser(db, tenantId, apiId, v.id)) throw new AppError("CONFLICT", RATING_MESSAGES.alreadyRated);
  await limitWrites(db, tenantId, v, now);
  try {
    await inTransaction(db, async (trx) => {
      if (!(await lockApiForRating(trx, tenantId, apiId))) throw new AppError("NOT_FOUND", "API not found");
      await insertRating(trx, {
        id: newId("rtg"),
        tenant_id: tenantId,
        api_id: apiId,
        user_id: v.id,
        stars: data.stars,
        title: data.title,
        body: data.body,
        helpful_count: 0,
        reply_body: null,
        reply_author_id: null,
        replied_at: null,
        created_at: now,
        updated_at: now,
      });
      await refreshAggregate(trx, tenantId, apiId);
      if (data.body) await notifyReviewNew(trx, tenantId, { apiId, reviewer: v, ...data }, now);
    });
  } catch (error) {
    // A concurrent or retried second rating hits the unique index (tenant, API, user).
    if (await selectRatingOfUser(db, tenantId, apiId, v.id))
      throw new AppError("CONFLICT", RATING_MESSAGES.alreadyRated);
    throw error;
  }
  return getRatingSummary({ db, tenantId, viewer: v }, apiId);
}

/** Changes the viewer's own rating and review. */
export async function editRating(
  ctx: UseCaseContext,
  apiId: string,
  input: RatingInput,
  now = Date.now(),
): Promise<RatingSummary> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  await requireVisibleApi({ db, tenantId, viewer: v }, apiId);
  const data = parseRating(input);
  const existing = await selectRatingOfUser(db, tenantId, apiId, v.id);
  if (!existing) throw new AppError("NOT_FOUND", RATING_MESSAGES.notRated);
  await limitWrites(db, tenantId, v, now);
  await inTransaction(db, async (trx) => {
    await lockApiForRating(trx, tenantId, apiId);
    await updateRatingContent(trx, tenantId, existing.id, { ...data, updated_at: now });
    await refreshAggregate(trx, tenantId, apiId);
    // A text added by an edit is a new review for the provider; the dedup key keeps it to one per reviewer and API.
    if (data.body && !existing.body) await notifyReviewNew(trx, tenantId, { apiId, reviewer: v, ...data }, now);
  });
  return getRatingSummary({ db, tenantId, viewer: v }, apiId);
}

/** Deletes the viewer's own rating (with its review, reply and votes). */
export async function deleteRating(ctx: UseCaseContext, apiId: string, now = Date.now()): Promise<RatingSummary> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  await requireVisibleApi({ db, tenantId, viewer: v }, apiId);
  const existing = await selectRatingOfUser(db, tenantId, apiId, v.id);
  if (!existing) throw new AppError("NOT_FOUND", RATING_MESSAGES.notRated);
  await limitWrites(db, tenantId, v, now);
  await inTransaction(db, async (trx) => {
    await lockApiForRating(trx, tenantId, apiId);
    await deleteRatingRow(trx, tenantId, existing.id);
    await refreshAggregate(trx, tenantId, apiId);
  });
  return getRatingSummary({ db, tenantId, viewer: v }, apiId);
}

/** A review the viewer may see (its API visible to them), or NOT_FOUND. */
async function requireReview(db: Db, tenantId: string, viewer: Viewer, ratingId: string) {
  const row = await selectRating(db, tenantId, ratingId);
  if (!row) throw new AppError("NOT_FOUND", RATING_MESSAGES.notFound);
  await requireVisibleApi({ db, tenantId, viewer }, row.api_id).catch(() => {
    throw new AppError("NOT_FOUND", RATING_MESSAGES.notFound);
  });
  return row;
}

const replySchema = z.object({
  body: z
    .string({ error: RATING_MESSAGES.replyRequired })
    .trim()
    .min(1, RATING_MESSAGES.replyRequired)
    .max(RATING_LIMITS.replyMax, RATING_MESSAGES.replyTooLong)
    .refine((s) => !hasControlChars(s), "Remove the control characters from the text"),
});

/** The provider's one reply to a review of their API (a second reply is CONFLICT). */
export async function replyToReview(
  ctx: UseCaseContext,
  ratingId: string,
  input: { body?: unknown },
  now = Date.now(),
): Promise<Review> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const row = await requireReview(db, tenantId, v, ratingId);
  if (!(await canEditApi({ db, tenantId, viewer: v }, row.api_id)))
    throw new AppError("FORBIDDEN", RATING_MESSAGES.notProvider);
  const { body } = parseInput(replySchema, { body: input.body ?? "" });
  if (row.reply_body !== null) throw new AppError("CONFLICT", RATING_MESSAGES.alreadyReplied);
  await limitWrites(db, tenantId, v, now);
  await inTransaction(db, async (trx) => {
    if (!(await setReplyOnce(trx, tenantId, ratingId, { body, authorId: v.id, at: now }))) {
      throw new AppError("CONFLICT", RATING_MESSAGES.alreadyReplied);
    }
    await notifyReviewReply(
      trx,
      tenantId,
      { apiId: row.api_id, ratingId, reviewerId: row.user_id, replierId: v.id, body },
      now,
    );
  });
  return requireReviewView(db, tenantId, v, ratingId);
}

/** "Was this helpful": adds (helpful true) or takes back the viewer's vote; idempotent. Returns the new count. */
export async function voteReviewHelpful(
  ctx: UseCaseContext,
  ratingId: string,
  helpful: boolean,
  now = Date.now(),
): Promise<{ ratingId: string; helpfulCount: number; votedHelpful: boolean }> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const row = await requireReview(db, tenantId, v, ratingId);
  if (row.user_id === v.id) throw new AppError("FORBIDDEN", RATING_MESSAGES.ownReviewVote);
  await spendBudget(db, tenantId, `rating-vote:${v.id}`, RATING_LIMITS.votesPerHour, RATING_MESSAGES.tooManyVotes, now);
  const helpfulCount = await inTransaction(db, async (trx) => {
    const changed = helpful
      ? await insertVote(trx, tenantId, ratingId, v.id, now)
      : await deleteVote(trx, tenantId, ratingId, v.id);
    if (!changed) return Number(row.helpful_count);
    return bumpHelpfulCount(trx, tenantId, ratingId, helpful ? 1 : -1);
  });
  return { ratingId, helpfulCount, votedHelpful: helpful };
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

async function requireReviewView(db: Db, tenantId: string, viewer: Viewer, ratingId: string): Promise<Review> {
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
