import { z } from "zod";
import { parseInput } from "../../core/accounts/validation";
import { recordClientEvent } from "../../core/events/client-events.service";
import { PRESS_SUBSCRIBE_EVENT } from "../../core/events/events.types";
import {
  getThread,
  listThreads,
  replyToThread,
  sendApiMessage,
  setSenderBlocked,
  type ThreadSummary,
  updateThreadState,
} from "../../core/messages/messages.service";
import {
  getNotificationPreferences,
  setNotificationPreferences,
} from "../../core/notifications/notification-preferences.service";
import type { GraphQLContext } from "./graphql-context";

/*
 * Contact the creator and notification preferences (decisions 085, 086): thin over core/messages and
 * core/notifications; the use cases authorize (a thread is NOT_FOUND for anyone but its two sides).
 */
export const messagesTypeDefs = /* GraphQL */ `
  type MessageThreadSummary {
    id: ID!
    apiId: ID!
    apiName: String!
    subject: String!
    consumerUsername: String
    unread: Boolean!
    archived: Boolean!
    lastMessageAt: String!
  }
  type MessageThreadPage {
    nodes: [MessageThreadSummary!]!
    unreadCount: Int!
    offset: Int!
    limit: Int!
    hasMore: Boolean!
  }
  type ThreadMessage {
    id: ID!
    "consumer or provider"
    side: String!
    authorUsername: String
    "Plain text: clients show it as text."
    body: String!
    createdAt: String!
  }
  type MessageThread {
    id: ID!
    apiId: ID!
    apiName: String!
    subject: String!
    consumerUsername: String
    unread: Boolean!
    archived: Boolean!
    lastMessageAt: String!
    "The viewer's side: consumer or provider."
    side: String!
    senderBlocked: Boolean!
    messages: [ThreadMessage!]!
  }
  type ContactResult {
    threadId: ID!
  }
  type ReplyResult {
    threadId: ID!
    messageId: ID!
  }
  type BlockSenderResult {
    threadId: ID!
    blocked: Boolean!
  }
  type NotificationPreference {
    kind: String!
    "in_app, email or off"
    channel: String!
  }
  type NotificationPreferences {
    items: [NotificationPreference!]!
    emailDigest: Boolean!
  }
  input NotificationPreferenceInput {
    kind: String!
    channel: String!
  }
  extend type Query {
    "The signed-in user's conversations: box consumer (their own) or provider (their APIs' inbox)."
    messageThreads(box: String!, archived: Boolean, offset: Int, limit: Int): MessageThreadPage!
    "One conversation (its two sides only); opening it marks it read for the viewer's side."
    messageThread(id: ID!): MessageThread!
    notificationPreferences: NotificationPreferences!
  }
  extend type Mutation {
    "Contact on the API page: a new conversation with the API's provider (throttled per user)."
    contactApiProvider(apiId: ID!, subject: String!, body: String!): ContactResult!
    replyToMessageThread(threadId: ID!, body: String!): ReplyResult!
    "Mark read or unread, archive or restore, for the viewer's side."
    updateMessageThread(threadId: ID!, read: Boolean, archived: Boolean): MessageThreadSummary!
    "Provider side: block or unblock the conversation's sender."
    blockMessageSender(threadId: ID!, blocked: Boolean!): BlockSenderResult!
    setNotificationPreferences(preferences: [NotificationPreferenceInput!], emailDigest: Boolean): NotificationPreferences!
    "Spec section 7 PressSubscribe: a plan's Subscribe button was pressed (repeats within the hour are dropped)."
    trackPressSubscribe(apiId: ID!, planId: ID): Boolean!
  }
`;

const summary = (t: ThreadSummary) => ({ ...t, lastMessageAt: new Date(t.lastMessageAt).toISOString() });

export const messagesResolvers = {
  Query: {
    messageThreads: async (_: unknown, args: Record<string, unknown>, ctx: GraphQLContext) => {
      const page = await listThreads(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        {
          box: args.box,
          archived: args.archived ?? undefined,
          offset: args.offset ?? undefined,
          limit: args.limit ?? undefined,
        },
      );
      return { ...page, nodes: page.items.map(summary), unreadCount: page.unread };
    },
    messageThread: async (_: unknown, args: { id: string }, ctx: GraphQLContext) => {
      const thread = await getThread({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args.id);
      return {
        ...summary(thread),
        side: thread.side,
        senderBlocked: thread.senderBlocked,
        messages: thread.messages.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })),
      };
    },
    notificationPreferences: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      getNotificationPreferences({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }),
  },
  Mutation: {
    contactApiProvider: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      sendApiMessage({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args),
    replyToMessageThread: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      replyToThread({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args),
    updateMessageThread: async (_: unknown, args: unknown, ctx: GraphQLContext) =>
      summary(await updateThreadState({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args)),
    blockMessageSender: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      setSenderBlocked({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args),
    setNotificationPreferences: (_: unknown, args: Record<string, unknown>, ctx: GraphQLContext) =>
      setNotificationPreferences(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        {
          preferences: args.preferences ?? undefined,
          emailDigest: args.emailDigest,
        },
      ),
    trackPressSubscribe: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = parseInput(z.object({ apiId: z.string().max(100), planId: z.string().max(100).nullish() }), args);
      // True for any valid event, recorded or dropped (budget, repeat): the sender learns nothing.
      await recordClientEvent(
        ctx.db,
        ctx.tenant.id,
        { type: PRESS_SUBSCRIBE_EVENT, payload: { api_id: a.apiId, plan_id: a.planId ?? null } },
        { ip: ctx.clientIp, userId: ctx.viewer?.id ?? null },
      );
      return true;
    },
  },
};
