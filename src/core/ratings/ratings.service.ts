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
import { AppError, isAppError } from "../errors/app-error";
import { notifyReviewNew, notifyReviewReply } from "../notifications/event-notifications";
import type { UseCaseContext } from "../use-case-context";
import { RATING_LIMITS, RATING_MESSAGES, REVIEW_SORTS, REVIEWS_PAGE_SIZE, type ReviewSort } from "./rating-messages";
import {
  bumpHelpfulCount,
  countStars,
  deleteRatingRow,
  deleteVote,
  insertRating,
  insertVote,
  lockApiForRating,
  selectRating,
  selectRatingOfUser,
  setReplyOnce,
  updateRatingContent,
  writeAggregate,
} from "./ratings.queries";
import { getRatingSummary, type RatingSummary, type Review, requireReviewView } from "./reviews.service";

export type { RatingSummary, Review, ReviewPage } from "./reviews.service";
export { RATING_LIMITS, RATING_MESSAGES, REVIEW_SORTS, REVIEWS_PAGE_SIZE, type ReviewSort };

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
