import { z } from "zod";
import { newId } from "../../common/ids";
import type { DiscussionKind } from "../../db/tables/content.tables";
import { canEditApi, requireVisibleApi } from "../access/private-apis.service";
import { requireViewer } from "../accounts/accounts.policy";
import { AppError } from "../errors/app-error";
import { notifyDiscussionComment } from "../notifications/event-notifications";
import type { UseCaseContext } from "../use-case-context";
import { renderContentMarkdown } from "./content-markdown";
import { DISCUSSION_MESSAGES } from "./discussion-messages";
import {
  bumpDiscussion,
  type CommentRecord,
  countDiscussionsOfApi,
  type DiscussionRecord,
  insertComment,
  insertDiscussion,
  selectComments,
  selectDiscussion,
  selectDiscussionsOfApi,
} from "./discussions.queries";

export { DISCUSSION_MESSAGES };

export const DISCUSSION_TITLE_MAX = 200;
export const DISCUSSION_BODY_MAX = 20_000;
const PAGE_MAX = 50;

export interface DiscussionAuthor {
  username: string | null;
  thumbnail: string | null;
}

export interface Discussion {
  id: string;
  apiId: string;
  title: string;
  body: string;
  kind: DiscussionKind;
  status: string;
  commentsCount: number;
  /** The reply marked as the answer by the thread's author or the API's provider (decision 082). */
  answerCommentId: string | null;
  author: DiscussionAuthor;
  createdAt: number;
  lastActivityAt: number;
}

export interface DiscussionComment {
  id: string;
  discussionId: string;
  parentId: string | null;
  body: string;
  /** Sanitized HTML of the Markdown body. */
  bodyHtml: string;
  kind: DiscussionKind;
  author: DiscussionAuthor;
  createdAt: number;
}

export interface DiscussionThread {
  discussion: Discussion;
  bodyHtml: string;
  comments: DiscussionComment[];
  /** The viewer may mark a reply as the answer (the thread's author or the API's provider). */
  canMarkAnswer: boolean;
}

function toDiscussion(row: DiscussionRecord): Discussion {
  return {
    id: row.id,
    apiId: row.api_id,
    title: row.title,
    body: row.body,
    kind: row.kind,
    status: row.status,
    commentsCount: Number(row.comments_count),
    answerCommentId: row.answer_comment_id ?? null,
    author: { username: row.author_username, thumbnail: row.author_thumbnail },
    createdAt: Number(row.created_at),
    lastActivityAt: Number(row.last_activity_at),
  };
}

async function toComment(row: CommentRecord): Promise<DiscussionComment> {
  return {
    id: row.id,
    discussionId: row.discussion_id,
    parentId: row.parent_id,
    body: row.body,
    bodyHtml: (await renderContentMarkdown(row.body)).html,
    kind: row.kind,
    author: { username: row.author_username, thumbnail: row.author_thumbnail },
    createdAt: Number(row.created_at),
  };
}

const newDiscussionSchema = z
  .object({ title: z.string().trim().catch(""), body: z.string().catch("") })
  .transform((v) => ({ title: v.title, body: v.body.trim() }));

/** Checks a new discussion: both fields, with the spec's message when either is empty. */
export function validateNewDiscussion(input: { title?: unknown; body?: unknown }): { title: string; body: string } {
  const { title, body } = newDiscussionSchema.parse({ title: input.title ?? "", body: input.body ?? "" });
  if (!title || !body) {
    throw new AppError("BAD_REQUEST", DISCUSSION_MESSAGES.required, {
      fields: {
        ...(title ? {} : { title: DISCUSSION_MESSAGES.required }),
        ...(body ? {} : { body: DISCUSSION_MESSAGES.required }),
      },
    });
  }
  if (title.length > DISCUSSION_TITLE_MAX) {
    throw new AppError("BAD_REQUEST", DISCUSSION_MESSAGES.titleTooLong, {
      fields: { title: DISCUSSION_MESSAGES.titleTooLong },
    });
  }
  if (body.length > DISCUSSION_BODY_MAX) {
    throw new AppError("BAD_REQUEST", DISCUSSION_MESSAGES.bodyTooLong, {
      fields: { body: DISCUSSION_MESSAGES.bodyTooLong },
    });
  }
  return { title, body };
}

/** An API's discussions, newest first, for anyone who may see the API. */
export async function listDiscussions(
  ctx: UseCaseContext,
  apiId: string,
  page: { limit?: number; offset?: number } = {},
): Promise<{ total: number; nodes: Discussion[] }> {
  const { db, tenantId } = ctx;
  await requireVisibleApi(ctx, apiId);
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? 20), 1), PAGE_MAX);
  const offset = Math.max(Math.trunc(page.offset ?? 0), 0);
  const [rows, total] = await Promise.all([
    selectDiscussionsOfApi(db, tenantId, apiId, { limit, offset }),
    countDiscussionsOfApi(db, tenantId, apiId),
  ]);
  return { total, nodes: rows.map(toDiscussion) };
}

/** Posts a new discussion (a question) on an API; signed-in users only (spec section 5). */
export async function createDiscussion(
  ctx: UseCaseContext,
  apiId: string,
  input: { title?: unknown; body?: unknown },
  now = Date.now(),
): Promise<Discussion> {
  const { db, tenantId, viewer } = ctx;
  const author = requireViewer(viewer, tenantId);
  await requireVisibleApi({ db, tenantId, viewer: author }, apiId);
  const fields = validateNewDiscussion(input);
  const row = {
    id: newId("dsc"),
    tenant_id: tenantId,
    api_id: apiId,
    author_id: author.id,
    title: fields.title,
    body: fields.body,
    kind: "question" as const,
    status: "visible" as const,
    comments_count: 0,
    answer_comment_id: null,
    answer_marked_by: null,
    last_activity_at: now,
    created_at: now,
    updated_at: now,
  };
  await insertDiscussion(db, row);
  return toDiscussion({ ...row, author_username: author.username, author_thumbnail: author.thumbnail });
}

export async function requireDiscussion(ctx: UseCaseContext, id: string, apiId?: string) {
  const { db, tenantId } = ctx;
  const row = await selectDiscussion(db, tenantId, id);
  if (!row || row.status === "hidden" || (apiId !== undefined && row.api_id !== apiId)) {
    throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.notFound);
  }
  await requireVisibleApi(ctx, row.api_id).catch(() => {
    throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.notFound);
  });
  return row;
}

/** The thread's author or whoever may edit the API (owner, organization editors) marks its answer (decision 082). */
export async function mayMarkAnswer(
  ctx: UseCaseContext,
  row: { author_id: string | null; api_id: string },
): Promise<boolean> {
  const { tenantId, viewer } = ctx;
  if (!viewer || viewer.tenantId !== tenantId) return false;
  if (row.author_id !== null && row.author_id === viewer.id) return true;
  return canEditApi(ctx, row.api_id);
}

/** One discussion with its comments (oldest first, like a conversation); `apiId` pins it to the page's API. */
export async function getDiscussionThread(ctx: UseCaseContext, id: string, apiId?: string): Promise<DiscussionThread> {
  const { db, tenantId } = ctx;
  const row = await requireDiscussion(ctx, id, apiId);
  const comments = await selectComments(db, tenantId, id);
  return {
    discussion: toDiscussion(row),
    bodyHtml: (await renderContentMarkdown(row.body)).html,
    comments: await Promise.all(comments.map(toComment)),
    canMarkAnswer: await mayMarkAnswer(ctx, row),
  };
}

/** Adds an answer to a discussion; signed-in users only. Counter and activity move in the same transaction. */
export async function addDiscussionComment(
  ctx: UseCaseContext,
  discussionId: string,
  input: { body?: unknown; parentId?: string | null },
  now = Date.now(),
): Promise<DiscussionComment> {
  const { db, tenantId, viewer } = ctx;
  const author = requireViewer(viewer, tenantId);
  const discussion = await requireDiscussion({ db, tenantId, viewer: author }, discussionId);
  if (discussion.status === "locked") throw new AppError("FORBIDDEN", "This discussion is locked");
  const body = typeof input.body === "string" ? input.body.trim() : "";
  if (!body)
    throw new AppError("BAD_REQUEST", DISCUSSION_MESSAGES.commentRequired, {
      fields: { body: DISCUSSION_MESSAGES.commentRequired },
    });
  if (body.length > DISCUSSION_BODY_MAX) {
    throw new AppError("BAD_REQUEST", DISCUSSION_MESSAGES.bodyTooLong, {
      fields: { body: DISCUSSION_MESSAGES.bodyTooLong },
    });
  }
  let parentId: string | null = null;
  if (input.parentId) {
    const siblings = await selectComments(db, tenantId, discussionId);
    if (!siblings.some((c) => c.id === input.parentId)) throw new AppError("BAD_REQUEST", "Unknown parent comment");
    parentId = input.parentId;
  }
  const row = {
    id: newId("cmt"),
    tenant_id: tenantId,
    discussion_id: discussionId,
    parent_id: parentId,
    author_id: author.id,
    body,
    kind: "answer" as const,
    status: "visible" as const,
    created_at: now,
    updated_at: now,
  };
  await db.kysely.transaction().execute(async (trx) => {
    await insertComment(trx, row);
    await bumpDiscussion(trx, tenantId, discussionId, now);
    await notifyDiscussionComment(
      trx,
      tenantId,
      {
        apiId: discussion.api_id,
        discussion: { id: discussionId, title: discussion.title, authorId: discussion.author_id },
        comment: { id: row.id, body },
        commenter: author,
      },
      now,
    );
  });
  return toComment({ ...row, author_username: author.username, author_thumbnail: author.thumbnail });
}
