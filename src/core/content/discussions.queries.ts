import type { Db, DbExecutor } from "../../db/connection";
import type { DiscussionCommentsTable, DiscussionsTable } from "../../db/tables/content.tables";
/* All SQL of discussions and their comments; every function takes (db or transaction, tenantId, ...). */

export type DiscussionRecord = DiscussionsTable & { author_username: string | null; author_thumbnail: string | null };
export type CommentRecord = DiscussionCommentsTable & {
  author_username: string | null;
  author_thumbnail: string | null;
};

function discussionsWithAuthor(db: Db) {
  return db.kysely
    .selectFrom("discussions")
    .leftJoin("users", "users.id", "discussions.author_id")
    .selectAll("discussions")
    .select(["users.username as author_username", "users.thumbnail as author_thumbnail"]);
}

/** Visible discussions of an API, newest first. */
export async function selectDiscussionsOfApi(
  db: Db,
  tenantId: string,
  apiId: string,
  page: { limit: number; offset: number },
): Promise<DiscussionRecord[]> {
  return discussionsWithAuthor(db)
    .where("discussions.tenant_id", "=", tenantId)
    .where("discussions.api_id", "=", apiId)
    .where("discussions.status", "!=", "hidden")
    .orderBy("discussions.created_at", "desc")
    .orderBy("discussions.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countDiscussionsOfApi(db: Db, tenantId: string, apiId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom("discussions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .where("status", "!=", "hidden")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function selectDiscussion(db: Db, tenantId: string, id: string): Promise<DiscussionRecord | undefined> {
  return discussionsWithAuthor(db)
    .where("discussions.tenant_id", "=", tenantId)
    .where("discussions.id", "=", id)
    .executeTakeFirst();
}

/** Visible comments of a discussion in the order they were written. */
export async function selectComments(db: Db, tenantId: string, discussionId: string): Promise<CommentRecord[]> {
  return db.kysely
    .selectFrom("discussion_comments")
    .leftJoin("users", "users.id", "discussion_comments.author_id")
    .selectAll("discussion_comments")
    .select(["users.username as author_username", "users.thumbnail as author_thumbnail"])
    .where("discussion_comments.tenant_id", "=", tenantId)
    .where("discussion_comments.discussion_id", "=", discussionId)
    .where("discussion_comments.status", "!=", "hidden")
    .orderBy("discussion_comments.created_at", "asc")
    .orderBy("discussion_comments.id", "asc")
    .execute();
}

export async function insertDiscussion(db: Db, row: DiscussionsTable): Promise<void> {
  await db.kysely.insertInto("discussions").values(row).execute();
}

export async function insertComment(trx: DbExecutor, row: DiscussionCommentsTable): Promise<void> {
  await trx.insertInto("discussion_comments").values(row).execute();
}

/** Counts the new comment on its discussion and moves its last activity. */
export async function bumpDiscussion(trx: DbExecutor, tenantId: string, id: string, now: number): Promise<void> {
  await trx
    .updateTable("discussions")
    .set((eb) => ({ comments_count: eb("comments_count", "+", 1), last_activity_at: now }))
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .execute();
}

/** One visible comment of a discussion (the reply to mark as its answer). */
export async function selectCommentOf(
  db: Db,
  tenantId: string,
  discussionId: string,
  commentId: string,
): Promise<CommentRecord | undefined> {
  return db.kysely
    .selectFrom("discussion_comments")
    .leftJoin("users", "users.id", "discussion_comments.author_id")
    .selectAll("discussion_comments")
    .select(["users.username as author_username", "users.thumbnail as author_thumbnail"])
    .where("discussion_comments.tenant_id", "=", tenantId)
    .where("discussion_comments.discussion_id", "=", discussionId)
    .where("discussion_comments.id", "=", commentId)
    .where("discussion_comments.status", "!=", "hidden")
    .executeTakeFirst();
}

/** Marks `commentId` as the discussion's answer (null: none). */
export async function updateDiscussionAnswer(
  trx: DbExecutor,
  tenantId: string,
  id: string,
  answer: { commentId: string | null; markedBy: string | null; now: number },
): Promise<void> {
  await trx
    .updateTable("discussions")
    .set({ answer_comment_id: answer.commentId, answer_marked_by: answer.markedBy, updated_at: answer.now })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .execute();
}
