import type { Kysely } from "kysely";
import type { Db } from "../../db/connection";
import type { Database } from "../../db/schema";

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

export type NotificationsKysely = Kysely<Database & { notifications: NotificationsTable }>;

export function notificationsKysely(db: Db): NotificationsKysely {
  return db.kysely.withTables<{ notifications: NotificationsTable }>();
}
