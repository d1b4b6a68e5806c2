import { z } from "zod";
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { requireVisibleApi } from "../access/private-apis.service";
import { requireViewer } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import { reserveAttempt } from "../accounts/attempt-limits.service";
import { hourlyLimit } from "../accounts/login-throttle";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import { notifyMessage } from "../notifications/event-notifications";
import type { UseCaseContext } from "../use-case-context";
import { MESSAGE_LIMITS } from "./message-limits";
import {
  countUnreadThreads,
  deleteBlock,
  insertBlock,
  insertMessage,
  insertThread,
  selectAdminOrgIds,
  selectApiOwner,
  selectBlock,
  selectMessages,
  selectThread,
  selectThreadSummary,
  selectThreads,
  type ThreadRow,
  updateThread,
} from "./messages.queries";

/*
 * Contact the creator (decision 086): a signed-in user writes to an API's provider (the owner, or the admins of the
 * organization that owns it); the provider answers from the studio inbox, the consumer from their account. Bodies are
 * plain text (control characters removed, shown escaped); each new message notifies the other side in the same
 * transaction. A provider may block a sender: their new messages and replies are refused.
 */

export { MESSAGE_LIMITS };
/** Messages (new threads and replies) one user may send per hour. */
export const MESSAGES_PER_HOUR = 20;
const PAGE_MAX = 50;

export const MESSAGE_TEXTS = {
  required: "Subject and message are required",
  subjectTooLong: `The subject can be at most ${MESSAGE_LIMITS.subject} characters`,
  bodyRequired: "Write a message",
  bodyTooLong: `A message can be at most ${MESSAGE_LIMITS.body} characters`,
  ownApi: "You cannot contact yourself about your own API",
  blocked: "This provider does not accept your messages",
  notFound: "Conversation not found",
} as const;

// Keeps tabs and newlines; drops other control and bidi-override characters (hostile text that rearranges a page).
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
const clean = (value: string) => value.replace(CONTROL, "").trim();

const subjectSchema = z
  .string({ error: MESSAGE_TEXTS.required })
  .transform(clean)
  .pipe(z.string().min(1, MESSAGE_TEXTS.required).max(MESSAGE_LIMITS.subject, MESSAGE_TEXTS.subjectTooLong));
const bodySchema = z
  .string({ error: MESSAGE_TEXTS.bodyRequired })
  .transform(clean)
  .pipe(z.string().min(1, MESSAGE_TEXTS.bodyRequired).max(MESSAGE_LIMITS.body, MESSAGE_TEXTS.bodyTooLong));

const newThreadSchema = z.object({
  apiId: z.string().trim().min(1).max(100),
  subject: subjectSchema,
  body: bodySchema,
});
const replySchema = z.object({ threadId: z.string().trim().min(1).max(100), body: bodySchema });

export type ThreadSide = "consumer" | "provider";

export interface ThreadSummary {
  id: string;
  apiId: string;
  apiName: string;
  subject: string;
  consumerUsername: string | null;
  unread: boolean;
  archived: boolean;
  lastMessageAt: number;
}

export interface ThreadMessage {
  id: string;
  side: ThreadSide;
  authorUsername: string | null;
  /** Plain text: render as text, never as HTML. */
  body: string;
  createdAt: number;
}

export interface ThreadView extends ThreadSummary {
  /** Which side the viewer is on. */
  side: ThreadSide;
  /** Provider side: the consumer is blocked. */
  senderBlocked: boolean;
  messages: ThreadMessage[];
}

async function throttle(db: Db, tenantId: string, userId: string, now: number) {
  await reserveAttempt(db, tenantId, `messages:${userId}`, now, hourlyLimit(MESSAGES_PER_HOUR));
}

/** The provider ids whose inbox the viewer reads: their own, and the organizations they administer. */
async function providerIdsOf(db: Db, tenantId: string, viewer: Viewer): Promise<string[]> {
  return [viewer.id, ...(await selectAdminOrgIds(db, tenantId, viewer.id))];
}

/** The viewer's side of a thread; NOT_FOUND when they are on neither (other users, other tenants). */
async function requireThreadSide(db: Db, tenantId: string, viewer: Viewer, threadId: string) {
  const thread = await selectThread(db, tenantId, threadId);
  if (thread) {
    if (thread.consumer_id === viewer.id) return { thread, side: "consumer" as const };
    if ((await providerIdsOf(db, tenantId, viewer)).includes(thread.provider_id)) {
      return { thread, side: "provider" as const };
    }
  }
  throw new AppError("NOT_FOUND", MESSAGE_TEXTS.notFound);
}

/** "Contact" on the API page: a new conversation with the API's provider. Returns the thread's id. */
export async function sendApiMessage(
  ctx: UseCaseContext,
  input: unknown,
  now = Date.now(),
): Promise<{ threadId: string }> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(newThreadSchema, input);
  await requireVisibleApi({ db, tenantId, viewer: v }, data.apiId);
  const api = await selectApiOwner(db, tenantId, data.apiId);
  if (!api) throw new AppError("NOT_FOUND", "API not found");
  if ((await providerIdsOf(db, tenantId, v)).includes(api.owner_id)) {
    throw new AppError("BAD_REQUEST", MESSAGE_TEXTS.ownApi);
  }
  if (await selectBlock(db, tenantId, api.owner_id, v.id)) throw new AppError("FORBIDDEN", MESSAGE_TEXTS.blocked);
  await throttle(db, tenantId, v.id, now);
  const thread: ThreadRow = {
    id: newId("thr"),
    tenant_id: tenantId,
    api_id: api.id,
    provider_id: api.owner_id,
    consumer_id: v.id,
    subject: data.subject,
    consumer_unread: 0,
    provider_unread: 1,
    consumer_archived: 0,
    provider_archived: 0,
    last_message_at: now,
    created_at: now,
  };
  const messageId = newId("msg");
  await inTransaction(db, async (trx) => {
    await insertThread(trx, thread);
    await insertMessage(trx, {
      id: messageId,
      tenant_id: tenantId,
      thread_id: thread.id,
      author_id: v.id,
      side: "consumer",
      body: data.body,
      created_at: now,
    });
    await notifyMessage(
      trx,
      tenantId,
      {
        thread: { id: thread.id, subject: thread.subject, providerId: thread.provider_id, consumerId: v.id },
        messageId,
        body: data.body,
        from: v,
        to: "provider",
      },
      now,
    );
  });
  return { threadId: thread.id };
}

/** A reply from either side; the other side's unread flag goes on and its archive off (a new message is news). */
export async function replyToThread(
  ctx: UseCaseContext,
  input: unknown,
  now = Date.now(),
): Promise<{ threadId: string; messageId: string }> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(replySchema, input);
  const { thread, side } = await requireThreadSide(db, tenantId, v, data.threadId);
  if (side === "consumer" && (await selectBlock(db, tenantId, thread.provider_id, v.id))) {
    throw new AppError("FORBIDDEN", MESSAGE_TEXTS.blocked);
  }
  await throttle(db, tenantId, v.id, now);
  const messageId = newId("msg");
  await inTransaction(db, async (trx) => {
    await insertMessage(trx, {
      id: messageId,
      tenant_id: tenantId,
      thread_id: thread.id,
      author_id: v.id,
      side,
      body: data.body,
      created_at: now,
    });
    await updateThread(
      trx,
      tenantId,
      thread.id,
      side === "consumer"
        ? { last_message_at: now, provider_unread: 1, provider_archived: 0, consumer_unread: 0 }
        : { last_message_at: now, consumer_unread: 1, consumer_archived: 0, provider_unread: 0 },
    );
    await notifyMessage(
      trx,
      tenantId,
      {
        thread: {
          id: thread.id,
          subject: thread.subject,
          providerId: thread.provider_id,
          consumerId: thread.consumer_id,
        },
        messageId,
        body: data.body,
        from: v,
        to: side === "consumer" ? "provider" : "consumer",
      },
      now,
    );
  });
  return { threadId: thread.id, messageId };
}

const listSchema = z.object({
  box: z.enum(["consumer", "provider"], { error: "Choose the consumer or provider box" }),
  archived: z.boolean().default(false),
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(PAGE_MAX).default(20),
});

function toSummary(
  row: ThreadRow & { api_name: string; consumer_username: string | null },
  side: ThreadSide,
): ThreadSummary {
  return {
    id: row.id,
    apiId: row.api_id,
    apiName: row.api_name,
    subject: row.subject,
    consumerUsername: row.consumer_username,
    unread: (side === "consumer" ? row.consumer_unread : row.provider_unread) === 1,
    archived: (side === "consumer" ? row.consumer_archived : row.provider_archived) === 1,
    lastMessageAt: Number(row.last_message_at),
  };
}

/** The consumer's threads (account) or the provider's inbox (studio), newest activity first, with the unread count. */
export async function listThreads(
  ctx: UseCaseContext,
  input: unknown,
): Promise<{ items: ThreadSummary[]; unread: number; offset: number; limit: number; hasMore: boolean }> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(listSchema, input ?? {});
  const filter = data.box === "consumer" ? { consumerId: v.id } : { providerIds: await providerIdsOf(db, tenantId, v) };
  const [rows, unread] = await Promise.all([
    selectThreads(db, tenantId, filter, data.archived, { offset: data.offset, limit: data.limit }),
    countUnreadThreads(db, tenantId, filter),
  ]);
  return {
    items: rows.map((r) => toSummary(r, data.box)),
    unread,
    offset: data.offset,
    limit: data.limit,
    hasMore: rows.length === data.limit,
  };
}

/** One conversation with its messages; opening it marks it read for the viewer's side. */
export async function getThread(ctx: UseCaseContext, threadId: string): Promise<ThreadView> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { thread, side } = await requireThreadSide(db, tenantId, v, String(threadId ?? ""));
  if ((side === "consumer" ? thread.consumer_unread : thread.provider_unread) === 1) {
    await updateThread(db, tenantId, thread.id, side === "consumer" ? { consumer_unread: 0 } : { provider_unread: 0 });
  }
  const [messages, row, block] = await Promise.all([
    selectMessages(db, tenantId, thread.id),
    selectThreadSummary(db, tenantId, thread.id),
    side === "provider"
      ? selectBlock(db, tenantId, thread.provider_id, thread.consumer_id)
      : Promise.resolve(undefined),
  ]);
  if (!row) throw new AppError("NOT_FOUND", MESSAGE_TEXTS.notFound);
  return {
    ...toSummary(row, side),
    side,
    senderBlocked: !!block,
    messages: messages.map((m) => ({
      id: m.id,
      side: m.side,
      authorUsername: m.author_username,
      body: m.body,
      createdAt: Number(m.created_at),
    })),
  };
}

/** Mark read or unread, archive or restore: each for the viewer's side only. */
export async function updateThreadState(ctx: UseCaseContext, input: unknown): Promise<ThreadSummary> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(
    z.object({
      threadId: z.string().trim().min(1).max(100),
      read: z.boolean().nullish(),
      archived: z.boolean().nullish(),
    }),
    input,
  );
  const { thread, side } = await requireThreadSide(db, tenantId, v, data.threadId);
  const changes: Partial<ThreadRow> = {};
  if (data.read !== null && data.read !== undefined) {
    changes[side === "consumer" ? "consumer_unread" : "provider_unread"] = data.read ? 0 : 1;
  }
  if (data.archived !== null && data.archived !== undefined) {
    changes[side === "consumer" ? "consumer_archived" : "provider_archived"] = data.archived ? 1 : 0;
  }
  if (Object.keys(changes).length > 0) await updateThread(db, tenantId, thread.id, changes);
  const row = await selectThreadSummary(db, tenantId, thread.id);
  if (!row) throw new AppError("NOT_FOUND", MESSAGE_TEXTS.notFound);
  return toSummary(row, side);
}

/** Provider side: block (or unblock) the thread's sender from messaging this provider again. */
export async function setSenderBlocked(
  ctx: UseCaseContext,
  input: unknown,
  now = Date.now(),
): Promise<{ threadId: string; blocked: boolean }> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(z.object({ threadId: z.string().trim().min(1).max(100), blocked: z.boolean() }), input);
  const { thread, side } = await requireThreadSide(db, tenantId, v, data.threadId);
  if (side !== "provider") throw new AppError("FORBIDDEN", "Only the provider can block a sender");
  if (data.blocked) {
    await insertBlock(db, tenantId, {
      providerId: thread.provider_id,
      userId: thread.consumer_id,
      blockedBy: v.id,
      now,
    });
  } else {
    await deleteBlock(db, tenantId, thread.provider_id, thread.consumer_id);
  }
  return { threadId: thread.id, blocked: data.blocked };
}

/** Unread conversations in the viewer's inbox and account (for badges); 0 when signed out. */
export async function countUnreadMessages(ctx: UseCaseContext): Promise<{ consumer: number; provider: number }> {
  const { db, tenantId, viewer } = ctx;
  if (!viewer || viewer.tenantId !== tenantId) return { consumer: 0, provider: 0 };
  const [consumer, provider] = await Promise.all([
    countUnreadThreads(db, tenantId, { consumerId: viewer.id }),
    countUnreadThreads(db, tenantId, { providerIds: await providerIdsOf(db, tenantId, viewer) }),
  ]);
  return { consumer, provider };
}
