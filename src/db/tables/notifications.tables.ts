/** Table of migration 003-notifications, typed here (only this domain reads or writes it). */
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
};

export type NotificationsTables = { notifications: NotificationsTable };
