import { z } from "zod";
import { enUS } from "../../common/i18n/locales/en-US";
import { newId } from "../../common/ids";
import type { DbOrTrx } from "../../db/connection";
import { insertOutboxMail } from "../accounts/mail-outbox.queries";
import { parseInput } from "../accounts/validation";
import {
  insertNotificationsOnce,
  selectChannels,
  selectDigestUsers,
  selectUsersMail,
} from "./notification-events.queries";
import {
  defaultChannel,
  isNotificationChannel,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from "./notification-kinds";
import { isSafeNotificationUrl } from "./notification-links";

/*
 * Notifications produced by events (decision 085). The event's use case calls notifyIn inside its own transaction, so
 * the notification commits or rolls back with the change; the dedup key (unique per recipient) makes a retried
 * request or a rerun worker sweep insert nothing twice. Each recipient's channel for the kind decides: off (nothing),
 * in_app (the tray), email (the tray and a mail in the outbox, or the daily digest if the user chose it).
 */

export interface NotificationEvent {
  kind: NotificationKind;
  /** Identifies the event: the same key never notifies the same user twice (e.g. `subscription-event:<id>`). */
  dedupKey: string;
  /** The title's parameters: `notifications.events.<kind>` of the catalog, in every language. */
  params: Record<string, string>;
  /** Plain text shown under the title (a message's excerpt); escaped here, so user text is safe. */
  text?: string;
  /** Where the notification leads: a path on this site. */
  url: string;
  type?: "info" | "error";
}

const eventSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  dedupKey: z.string().trim().min(1).max(300),
  params: z.record(z.string().max(100), z.string().max(500)),
  text: z.string().max(2_000).optional(),
  url: z.string().max(2_048).refine(isSafeNotificationUrl, { message: "Must be a path on this site" }),
  type: z.enum(["info", "error"]).optional(),
});

const TITLE_MAX = 200;

/** The catalog's en-US title with the params filled in (what e-mails and API clients read). */
export function notificationTitle(kind: NotificationKind, params: Record<string, string>): string {
  const template: string = enUS.notifications.events[kind];
  const title = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? "");
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Kinds' channels for these users (their choice, else the kind's default). */
export async function channelsFor(
  h: DbOrTrx,
  tenantId: string,
  userIds: readonly string[],
  kind: NotificationKind,
): Promise<Map<string, NotificationChannel>> {
  const chosen = new Map<string, NotificationChannel>();
  for (const row of await selectChannels(h, tenantId, [...userIds], kind)) {
    if (isNotificationChannel(row.channel)) chosen.set(row.user_id, row.channel);
  }
  return new Map(userIds.map((id) => [id, chosen.get(id) ?? defaultChannel(kind)]));
}

// Rows per statement: 17 columns each stay well under SQLite's bound-parameter limit.
const IN_CLAUSE_CHUNK = 500;

/**
 * Notifies `recipients` of one event inside the caller's transaction (or on the handle). The actor (`exceptUserId`) is
 * never notified of their own action. Returns how many notifications were created (0 for repeats and opt-outs).
 */
export async function notifyIn(
  h: DbOrTrx,
  tenantId: string,
  recipients: readonly string[],
  input: NotificationEvent,
  options: { exceptUserId?: string | null; now?: number } = {},
): Promise<number> {
  const event = parseInput(eventSchema, input);
  const now = options.now ?? Date.now();
  const users = [...new Set(recipients)].filter((id) => id && id !== options.exceptUserId);
  let created = 0;
  for (let i = 0; i < users.length; i += IN_CLAUSE_CHUNK) {
    created += await notifyChunk(h, tenantId, users.slice(i, i + IN_CLAUSE_CHUNK), event, now);
  }
  return created;
}

async function notifyChunk(
  h: DbOrTrx,
  tenantId: string,
  users: string[],
  event: z.infer<typeof eventSchema>,
  now: number,
): Promise<number> {
  // Only users of this tenant: an id from elsewhere (or a deleted account) is skipped, never an error for the event.
  const known = new Map((await selectUsersMail(h, tenantId, users)).map((u) => [u.id, u.email]));
  const existing = users.filter((id) => known.has(id));
  const channels = await channelsFor(h, tenantId, existing, event.kind);
  const receiving = existing.filter((id) => channels.get(id) !== "off");
  if (receiving.length === 0) return 0;
  const mailing = receiving.filter((id) => channels.get(id) === "email");
  const digest = new Set((await selectDigestUsers(h, tenantId, mailing)).map((r) => r.user_id));
  const addresses = new Map(mailing.map((id) => [id, known.get(id) ?? null]));
  const title = notificationTitle(event.kind, event.params);
  const bodyHtml = event.text ? escapeHtml(event.text) : "";
  const rows = receiving.map((userId) => {
    const mails = channels.get(userId) === "email" && !!addresses.get(userId);
    return {
      id: newId("ntf"),
      tenant_id: tenantId,
      user_id: userId,
      type: event.type ?? "info",
      title,
      body_html: bodyHtml,
      cta_label: enUS.notifications.view,
      cta_url: event.url,
      image_url: null,
      is_new: 1,
      is_read: 0,
      created_at: now,
      kind: event.kind,
      dedup_key: event.dedupKey,
      mail_state: mails ? (digest.has(userId) ? "digest" : "sent") : null,
      params: JSON.stringify(event.params),
    };
  });
  const inserted = await insertNotificationsOnce(h, rows);
  const mailNow = new Set(rows.filter((r) => r.mail_state === "sent").map((r) => r.user_id));
  for (const userId of inserted) {
    const address = addresses.get(userId);
    if (!mailNow.has(userId) || !address) continue;
    await insertOutboxMail(h, tenantId, {
      id: newId("mail"),
      to: address,
      subject: title,
      body: [title, event.text ?? "", `Open: ${event.url}`].filter(Boolean).join("\n\n"),
      kind: `notification:${event.kind}`,
      createdAt: now,
    });
  }
  return inserted.length;
}
