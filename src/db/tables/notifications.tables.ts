/** Tables of migrations 003-notifications and 085-notification-events (only this domain reads or writes them). */
export type NotificationsTable = {
  id: string;
  tenant_id: string;
  user_id: string;
  type: string;
  title: string;
  body_html: string;
  cta_label: string | null;
  cta_url: string | null;
  image_url: string | null;
  is_new: number;
  is_read: number;
  created_at: number;
  /** The event kind that produced it (notification-kinds.ts); null for notifications sent without one. */
  kind?: string | null;
  /** The event's de-duplication key, unique per recipient: a retried event inserts nothing. */
  dedup_key?: string | null;
  /** "digest": waits for the e-mail digest; "sent": mailed or queued; null: no mail due. */
  mail_state?: string | null;
  /** JSON object of the title's parameters (translated titles in the tray). */
  params?: string | null;
};

export type NotificationPreferencesTable = {
  tenant_id: string;
  user_id: string;
  kind: string;
  /** in_app | email | off */
  channel: string;
  updated_at: number;
};

export type NotificationSettingsTable = {
  tenant_id: string;
  user_id: string;
  email_digest: number;
  last_digest_at: number | null;
  updated_at: number;
};

export type NotificationsTables = {
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_settings: NotificationSettingsTable;
};
