import { z } from "zod";
import { parseInput } from "../../core/accounts/validation";
import { listNotifications, setNotificationRead } from "../../core/notifications/notifications.service";
import type { GraphQLContext } from "./graphql-context";

export const notificationsTypeDefs = /* GraphQL */ `
  "Spec section 3 Notification: the body is HTML, sanitized on the server before it is sent."
  type Notification {
    id: ID!
    isRead: Boolean!
    isNew: Boolean!
    title: String!
    createdAt: String!
    "info, error or other"
    type: String!
    body: String!
    callToAction: NotificationCallToAction
    image: String
    "The event that produced it (api_followed, message, subscription_approved ...); null for plain notifications."
    kind: String
    "The title's parameters, so clients can show the title in their language (catalog notifications.events.<kind>)."
    params: [NotificationParam!]!
  }
  type NotificationParam {
    name: String!
    value: String!
  }
  type NotificationCallToAction {
    label: String!
    url: String!
  }
  type NotificationPage {
    nodes: [Notification!]!
    offset: Int!
    limit: Int!
    "Off when fewer than a page arrived (spec section 4)."
    hasMore: Boolean!
    "The badge: the signed-in user's unread notifications."
    unreadCount: Int!
  }
  type MarkNotificationResult {
    notificationId: ID
    isRead: Boolean!
    unreadCount: Int!
  }
  extend type Query {
    "Spec section 7: the signed-in user's notifications, newest first; limit or size (default 10), offset."
    newNotificationsByUserId(limit: Int, size: Int, offset: Int): NotificationPage!
  }
  extend type Mutation {
    "Spec section 7: marks a notification read (isRead true or status READ) or unread; without an id, all of them."
    markNewNotificationAsRead(notificationId: ID, isRead: Boolean, status: String): MarkNotificationResult!
  }
`;

const markArgs = z.object({
  notificationId: z.string().min(1).max(100).nullish(),
  isRead: z.boolean().nullish(),
  status: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(["READ", "UNREAD"]))
    .nullish(),
});

export const notificationsResolvers = {
  Query: {
    newNotificationsByUserId: async (
      _: unknown,
      args: { limit?: number | null; size?: number | null; offset?: number | null },
      ctx: GraphQLContext,
    ) => {
      const page = await listNotifications(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        {
          limit: args.limit ?? args.size,
          offset: args.offset,
        },
      );
      return {
        nodes: page.items.map((n) => ({
          id: n.id,
          isRead: n.isRead,
          isNew: n.isNew,
          title: n.title,
          createdAt: new Date(n.createdAt).toISOString(),
          type: n.type,
          body: n.bodyHtml,
          callToAction: n.callToAction,
          image: n.image,
          kind: n.kind,
          params: Object.entries(n.params).map(([name, value]) => ({ name, value })),
        })),
        offset: page.offset,
        limit: page.limit,
        hasMore: page.hasMore,
        unreadCount: page.unread,
      };
    },
  },
  Mutation: {
    markNewNotificationAsRead: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const input = parseInput(markArgs, args);
      const isRead = input.isRead ?? (input.status ? input.status === "READ" : true);
      const id = input.notificationId ?? null;
      await setNotificationRead({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, id, isRead);
      const { unread } = await listNotifications(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        { limit: 1 },
      );
      return { notificationId: id, isRead, unreadCount: unread };
    },
  },
};
