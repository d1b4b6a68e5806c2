/*
 * The events that notify someone (decision 085), each with its default channel. Kept free of imports: the settings
 * page lists them in the browser. The texts are the en-US catalog's `notifications.events.<kind>` (titles, with the
 * event's params) and `notifications.kinds.<kind>` (the preference's label); the tray translates the same keys.
 */

export const NOTIFICATION_KINDS = [
  "api_followed",
  "user_followed",
  "discussion_comment",
  "discussion_answer",
  "message",
  "subscription_requested",
  "subscription_approved",
  "subscription_rejected",
  "subscription_suspended",
  "subscription_reactivated",
  "renewal_failed",
  "invoice_issued",
  "org_added",
  "team_added",
  "private_api_invite",
  "tutorial_published",
  // Produced by the ratings and change-feed domains.
  "spec_version",
  "review_new",
  "review_reply",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ["in_app", "email", "off"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Money, access and direct messages reach people by e-mail unless they say otherwise; the rest stays in the tray. */
const EMAIL_BY_DEFAULT: ReadonlySet<NotificationKind> = new Set([
  "message",
  "subscription_requested",
  "subscription_approved",
  "subscription_rejected",
  "subscription_suspended",
  "renewal_failed",
  "invoice_issued",
  "private_api_invite",
]);

export function defaultChannel(kind: NotificationKind): NotificationChannel {
  return EMAIL_BY_DEFAULT.has(kind) ? "email" : "in_app";
}

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

export function isNotificationChannel(value: string): value is NotificationChannel {
  return (NOTIFICATION_CHANNELS as readonly string[]).includes(value);
}
