import { z } from "zod";
import { inTransaction } from "../../db/executor";
import { requireViewer } from "../accounts/accounts.policy";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import { notifyDiscussionAnswer } from "../notifications/event-notifications";
import type { UseCaseContext } from "../use-case-context";
import { DISCUSSION_MESSAGES } from "./discussion-messages";
import { selectCommentOf, updateDiscussionAnswer } from "./discussions.queries";
import { type Discussion, getDiscussionThread, mayMarkAnswer, requireDiscussion } from "./discussions.service";

/*
 * The answer of a discussion (decision 082): the thread's author, or whoever may edit the API, marks one reply as the
 * answer, marks another instead, or unmarks it. The reply's author hears of it once per reply (dedup key
 * `discussion-answer:<reply>`), in the same transaction; unmarking and marking the same reply again tells no one twice.
 */

const inputSchema = z.object({
  discussionId: z.string().trim().min(1, DISCUSSION_MESSAGES.notFound).max(64, DISCUSSION_MESSAGES.notFound),
  /** The reply to mark; null or absent unmarks the current answer. */
  commentId: z.string().trim().min(1).max(64, DISCUSSION_MESSAGES.replyNotFound).nullish(),
});

export async function markDiscussionAnswer(
  ctx: UseCaseContext,
  input: { discussionId?: unknown; commentId?: unknown },
  now = Date.now(),
): Promise<Discussion> {
  const viewer = requireViewer(ctx.viewer, ctx.tenantId);
  const data = parseInput(inputSchema, input);
  const discussion = await requireDiscussion({ db: ctx.db, tenantId: ctx.tenantId, viewer }, data.discussionId);
  if (!(await mayMarkAnswer({ db: ctx.db, tenantId: ctx.tenantId, viewer }, discussion))) {
    throw new AppError("FORBIDDEN", DISCUSSION_MESSAGES.answerForbidden);
  }
  const commentId = data.commentId ?? null;
  const reply = commentId ? await selectCommentOf(ctx.db, ctx.tenantId, discussion.id, commentId) : null;
  if (commentId && !reply) {
    throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.replyNotFound, {
      fields: { commentId: DISCUSSION_MESSAGES.replyNotFound },
    });
  }
  await inTransaction(ctx.db, async (trx) => {
    await updateDiscussionAnswer(trx, ctx.tenantId, discussion.id, {
      commentId,
      markedBy: commentId ? viewer.id : null,
      now,
    });
    if (reply?.author_id) {
      await notifyDiscussionAnswer(
        trx,
        ctx.tenantId,
        {
          apiId: discussion.api_id,
          discussion: { id: discussion.id, title: discussion.title },
          reply: { id: reply.id, authorId: reply.author_id },
          marker: viewer,
        },
        now,
      );
    }
  });
  return (await getDiscussionThread({ db: ctx.db, tenantId: ctx.tenantId, viewer }, discussion.id)).discussion;
}
