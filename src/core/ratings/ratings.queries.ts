import { sql } from "kysely";
import type { DbOrTrx, DbTransaction } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { ApiRatingsTable } from "../../db/tables/ratings.tables";
import type { ReviewSort } from "./rating-messages";

/* All SQL of ratings, reviews and helpful votes; every function takes the tenant id first after the handle. */

export async function selectRatingOfUser(h: DbOrTrx, tenantId: string, apiId: string, userId: string) {
  return kyselyOf(h)
    .selectFrom("api_ratings")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function selectRating(h: DbOrTrx, tenantId: string, ratingId: string) {
  return kyselyOf(h)
    .selectFrom("api_ratings")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", ratingId)
    .executeTakeFirst();
}

/**
 * Takes the API row's write lock before a rating changes, so concurrent ratings of one API recompute the aggregate
 * one after the other (PostgreSQL; SQLite serializes writers anyway). Returns false when the API is gone.
 */
export async function lockApiForRating(trx: DbTransaction, tenantId: string, apiId: string): Promise<boolean> {
  const result = await trx
    .updateTable("apis")
    .set((eb) => ({ rating_votes: eb.ref("rating_votes") }))
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRating(trx: DbTransaction, row: ApiRatingsTable): Promise<void> {
  await trx.insertInto("api_ratings").values(row).execute();
}

export async function updateRatingContent(
  trx: DbTransaction,
  tenantId: string,
  ratingId: string,
  fields: { stars: number; title: string; body: string; updated_at: number },
): Promise<void> {
  await trx
    .updateTable("api_ratings")
    .set(fields)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", ratingId)
    .execute();
}

export async function deleteRatingRow(trx: DbTransaction, tenantId: string, ratingId: string): Promise<void> {
  await trx.deleteFrom("api_ratings").where("tenant_id", "=", tenantId).where("id", "=", ratingId).execute();
}

/** Sets the reply only if none exists yet; returns whether it was set (a concurrent second reply gets false). */
export async function setReplyOnce(
  h: DbOrTrx,
  tenantId: string,
  ratingId: string,
  reply: { body: string; authorId: string; at: number },
): Promise<boolean> {
  const result = await kyselyOf(h)
    .updateTable("api_ratings")
    .set({ reply_body: reply.body, reply_author_id: reply.authorId, replied_at: reply.at })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", ratingId)
    .where("reply_body", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Count of real ratings per star value (1..5) of one API. */
export async function countStars(h: DbOrTrx, tenantId: string, apiId: string) {
  return kyselyOf(h)
    .selectFrom("api_ratings")
    .select(["stars", (eb) => eb.fn.countAll<number>().as("n")])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .groupBy("stars")
    .execute();
}

export async function writeAggregate(
  trx: DbTransaction,
  tenantId: string,
  apiId: string,
  aggregate: { average: number; votes: number; distribution: readonly number[] | null },
): Promise<void> {
  await trx
    .updateTable("apis")
    .set({
      rating_avg: aggregate.average,
      rating_votes: aggregate.votes,
      rating_is_demo: 0,
      rating_distribution: aggregate.distribution ? JSON.stringify(aggregate.distribution) : null,
    })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .execute();
}

export async function selectApiAggregate(h: DbOrTrx, tenantId: string, apiId: string) {
  return kyselyOf(h)
    .selectFrom("apis")
    .select(["rating_avg", "rating_votes", "rating_is_demo", "rating_distribution", "owner_id"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .executeTakeFirst();
}

function orderFor(sort: ReviewSort) {
  switch (sort) {
    case "helpful":
      return [sql`r.helpful_count desc`, sql`r.created_at desc`];
    case "highest":
      return [sql`r.stars desc`, sql`r.created_at desc`];
    case "lowest":
      return [sql`r.stars asc`, sql`r.created_at desc`];
    default:
      return [sql`r.created_at desc`];
  }
}

/** Reviews with their authors, the reply's author and whether `viewerId` found each helpful. */
function reviewsQuery(h: DbOrTrx, tenantId: string, viewerId: string | null) {
  return kyselyOf(h)
    .selectFrom("api_ratings as r")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "r.user_id").onRef("u.tenant_id", "=", "r.tenant_id"))
    .leftJoin("users as p", (j) => j.onRef("p.id", "=", "r.reply_author_id").onRef("p.tenant_id", "=", "r.tenant_id"))
    .leftJoin("api_rating_votes as v", (j) =>
      j
        .onRef("v.rating_id", "=", "r.id")
        .onRef("v.tenant_id", "=", "r.tenant_id")
        .on("v.user_id", "=", viewerId ?? ""),
    )
    .select([
      "r.id",
      "r.api_id",
      "r.user_id",
      "r.stars",
      "r.title",
      "r.body",
      "r.helpful_count",
      "r.reply_body",
      "r.replied_at",
      "r.created_at",
      "r.updated_at",
      "u.username as author_username",
      "u.thumbnail as author_thumbnail",
      "p.username as reply_username",
      "v.user_id as voted_by",
    ])
    .where("r.tenant_id", "=", tenantId);
}

/** A page of an API's reviews in the chosen order (ties: newest, then id). */
export async function selectReviews(
  h: DbOrTrx,
  tenantId: string,
  apiId: string,
  viewerId: string | null,
  page: { sort: ReviewSort; offset: number; limit: number },
) {
  let query = reviewsQuery(h, tenantId, viewerId).where("r.api_id", "=", apiId);
  for (const part of orderFor(page.sort)) query = query.orderBy(part);
  return query.orderBy("r.id", "desc").limit(page.limit).offset(page.offset).execute();
}

export async function selectReview(h: DbOrTrx, tenantId: string, ratingId: string, viewerId: string | null) {
  return reviewsQuery(h, tenantId, viewerId).where("r.id", "=", ratingId).executeTakeFirst();
}

export type ReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];

export async function countReviews(h: DbOrTrx, tenantId: string, apiId: string): Promise<number> {
  const row = await kyselyOf(h)
    .selectFrom("api_ratings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds the vote if absent; returns whether a row was added. */
export async function insertVote(trx: DbTransaction, tenantId: string, ratingId: string, userId: string, now: number) {
  const result = await trx
    .insertInto("api_rating_votes")
    .values({ tenant_id: tenantId, rating_id: ratingId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(["rating_id", "user_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteVote(trx: DbTransaction, tenantId: string, ratingId: string, userId: string) {
  const result = await trx
    .deleteFrom("api_rating_votes")
    .where("tenant_id", "=", tenantId)
    .where("rating_id", "=", ratingId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Moves a review's helpful count by the vote just added or removed (an atomic increment, right under concurrency). */
export async function bumpHelpfulCount(trx: DbTransaction, tenantId: string, ratingId: string, delta: 1 | -1) {
  await trx
    .updateTable("api_ratings")
    .set((eb) => ({ helpful_count: eb("helpful_count", "+", delta) }))
    .where("tenant_id", "=", tenantId)
    .where("id", "=", ratingId)
    .execute();
  const row = await trx
    .selectFrom("api_ratings")
    .select("helpful_count")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", ratingId)
    .executeTakeFirstOrThrow();
  return Number(row.helpful_count);
}
