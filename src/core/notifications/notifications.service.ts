import { z } from "zod";
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { requireViewer } from "../accounts/accounts.policy";
import { selectUserById } from "../accounts/accounts.queries";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";
import { BODY_LINK_PATTERN, isSafeNotificationUrl } from "./notification-links";
import { countUnread, insertNotification, selectNotifications, updateRead } from "./notifications.queries";

/** Spec section 3 "Notification" type. */
export const NOTIFICATION_TYPES = ["info", "error", "other"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec section 9: the tray preloads 10 at offset 0 and loads 10 more at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 50;

// Same-site paths or http(s) addresses only (notification-links.ts).
const safeUrl = z.string().trim().max(2048).refine(isSafeNotificationUrl, {
  message: "Must be a path on this site or an http(s) address",
});

const createSchema = z.object({
  title: z.string().trim().min(1, "A title is required").max(200),
  body: z.string().max(10_000).default(""),
  type: z.enum(NOTIFICATION_TYPES).default("info"),
  callToAction: z
    .object({ label: z.string().trim().min(1).max(80), url: safeUrl })
    .nullable()
    .default(null),
  image: safeUrl.nullable().default(null),
});

export interface NotificationView {
  id: string;
  type: NotificationType;
  title: string;
  /** Sanitized HTML: safe to insert into the page. */
  bodyHtml: string;
  callToAction: { label: string; url: string } | null;
  image: string | null;
  isNew: boolean;
  isRead: boolean;
  createdAt: number;
  /** The event kind (notification-kinds.ts) and its title's parameters, for a title in the reader's language. */
  kind: string | null;
  params: Record<string, string>;
}

export interface NotificationPage {
  items: NotificationView[];
  offset: number;
  limit: number;
  /** Spec section 4: off when fewer than a page arrive. */
  hasMore: boolean;
  /** The badge: the user's unread notifications. */
  unread: number;
}

type Sanitize = (html: string) => string;
let sanitizerPromise: Promise<Sanitize> | null = null;

// Loaded on first use: jsdom (behind isomorphic-dompurify) is heavy. Inline formatting and links only.
function sanitizer(): Promise<Sanitize> {
  sanitizerPromise ??= import("isomorphic-dompurify").then(({ default: DOMPurify }) => {
    return (html: string) =>
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS: ["a", "b", "strong", "i", "em", "code", "br", "p", "ul", "ol", "li", "span"],
        ALLOWED_ATTR: ["href", "title"],
        ALLOWED_URI_REGEXP: BODY_LINK_PATTERN,
      });
  });
  return sanitizerPromise;
}

/** Spec section 3: the body is HTML, sanitized before display (stored as given, cleaned on every read). */
export async function sanitizeNotificationBody(html: string): Promise<string> {
  if (html === "") return "";
  return (await sanitizer())(html);
}

/**
 * Sends a notification to one user of the tenant (other domains call this when something happens to the user).
 * Validates the input; an unknown recipient is NOT_FOUND.
 */
export async function createNotification(
  db: Db,
  tenantId: string,
  userId: string,
  input: unknown,
  now = Date.now(),
): Promise<string> {
  const data = parseInput(createSchema, input);
  if (!(await selectUserById(db, tenantId, userId))) throw new AppError("NOT_FOUND", "Unknown user");
  const id = newId("ntf");
  await insertNotification(db, {
    id,
    tenant_id: tenantId,
    user_id: userId,
    type: data.type,
    title: data.title,
    body_html: data.body,
    cta_label: data.callToAction?.label ?? null,
    cta_url: data.callToAction?.url ?? null,
    image_url: data.image,
    is_new: 1,
    is_read: 0,
    created_at: now,
  });
  return id;
}

function typeOf(value: string): NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value) ? (value as NotificationType) : "other";
}

function parseParams(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object") return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    return {};
  }
}

const pageSchema = z.object({
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
});

/** A page of the signed-in user's notifications, newest first, with the unread count (spec sections 4 and 9). */
export async function listNotifications(
  ctx: UseCaseContext,
  page: { offset?: number | null; limit?: number | null } = {},
): Promise<NotificationPage> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { offset, limit } = parseInput(pageSchema, {
    offset: page.offset ?? undefined,
    limit: page.limit ?? undefined,
  });
  const [rows, unread] = await Promise.all([
    selectNotifications(db, tenantId, v.id, offset, limit),
    countUnread(db, tenantId, v.id),
  ]);
  const items = await Promise.all(
    rows.map(
      async (r): Promise<NotificationView> => ({
        id: r.id,
        type: typeOf(r.type),
        title: r.title,
        bodyHtml: await sanitizeNotificationBody(r.body_html),
        // Checked again on the way out: rows stored before the stricter rule may hold "/\evil.example".
        callToAction:
          r.cta_label && r.cta_url && isSafeNotificationUrl(r.cta_url) ? { label: r.cta_label, url: r.cta_url } : null,
        image: r.image_url && isSafeNotificationUrl(r.image_url) ? r.image_url : null,
        isNew: r.is_new === 1,
        isRead: r.is_read === 1,
        createdAt: Number(r.created_at),
        kind: r.kind ?? null,
        params: parseParams(r.params ?? null),
      }),
    ),
  );
  return { items, offset, limit, hasMore: items.length === limit, unread };
}

/** The badge count for the top bar; 0 when signed out. */
export async function countUnreadNotifications(ctx: UseCaseContext): Promise<number> {
  const { db, tenantId, viewer } = ctx;
  if (!viewer || viewer.tenantId !== tenantId) return 0;
  return countUnread(db, tenantId, viewer.id);
}

/**
 * Spec section 4 "unread to read": marks one notification (or, with a null id, all of the viewer's) read, or unread
 * again with isRead false. Someone else's id is NOT_FOUND.
 */
export async function setNotificationRead(ctx: UseCaseContext, id: string | null, isRead = true): Promise<void> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const changed = await updateRead(db, tenantId, v.id, id, isRead);
  if (id !== null && changed === 0) throw new AppError("NOT_FOUND", "Unknown notification");
}
