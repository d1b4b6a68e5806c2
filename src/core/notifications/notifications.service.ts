import { z } from "zod";
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { requireViewer } from "../accounts/accounts.policy";
import { selectUserById } from "../accounts/accounts.queries";
import type { Viewer } from "../accounts/accounts.types";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import {
  countNotifications,
  insertNotification,
  selectNotifications,
  updateAllSeen,
  updateRead,
} from "./notifications.queries";

/** Spec section 3 "Notification" type. */
export const NOTIFICATION_TYPES = ["info", "error", "other"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The tray shows the newest ones. */
export const TRAY_SIZE = 20;

// Same-site paths or http(s) addresses only: a call to action or image is never javascript:, data: or protocol-relative.
const safeUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => (v.startsWith("/") && !v.startsWith("//")) || /^https?:\/\/[^\s]+$/i.test(v), {
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
}

export interface NotificationTray {
  items: NotificationView[];
  /** Not yet seen in the tray (the badge). */
  unseen: number;
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
        ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i,
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

/** The signed-in user's tray: the newest notifications and the counts. */
export async function listNotifications(db: Db, tenantId: string, viewer: Viewer | null): Promise<NotificationTray> {
  const v = requireViewer(viewer, tenantId);
  const [rows, unseen, unread] = await Promise.all([
    selectNotifications(db, tenantId, v.id, TRAY_SIZE),
    countNotifications(db, tenantId, v.id, "is_new"),
    countNotifications(db, tenantId, v.id, "unread"),
  ]);
  const items = await Promise.all(
    rows.map(
      async (r): Promise<NotificationView> => ({
        id: r.id,
        type: typeOf(r.type),
        title: r.title,
        bodyHtml: await sanitizeNotificationBody(r.body_html),
        callToAction: r.cta_label && r.cta_url ? { label: r.cta_label, url: r.cta_url } : null,
        image: r.image_url,
        isNew: r.is_new === 1,
        isRead: r.is_read === 1,
        createdAt: Number(r.created_at),
      }),
    ),
  );
  return { items, unseen, unread };
}

/** The badge count for the top bar; 0 when signed out. */
export async function countUnseenNotifications(db: Db, tenantId: string, viewer: Viewer | null): Promise<number> {
  if (!viewer || viewer.tenantId !== tenantId) return 0;
  return countNotifications(db, tenantId, viewer.id, "is_new");
}

/** Opening the tray: everything in it is no longer new. */
export async function markNotificationsSeen(db: Db, tenantId: string, viewer: Viewer | null): Promise<void> {
  const v = requireViewer(viewer, tenantId);
  await updateAllSeen(db, tenantId, v.id);
}

/** Marks one notification (or, with null, all) of the viewer read; someone else's id is NOT_FOUND. */
export async function markNotificationsRead(
  db: Db,
  tenantId: string,
  viewer: Viewer | null,
  id: string | null,
): Promise<void> {
  const v = requireViewer(viewer, tenantId);
  const changed = await updateRead(db, tenantId, v.id, id);
  if (id !== null && changed === 0) throw new AppError("NOT_FOUND", "Unknown notification");
}
