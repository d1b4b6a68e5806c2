import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Notifications from real events (decision 085): each row says which event kind produced it and carries the event's
 * de-duplication key, unique per recipient, so a retried request or a rerun worker sweep inserts nothing twice.
 * `mail_state` is "digest" while the row waits for the recipient's e-mail digest, "sent" once mailed (or queued in
 * the outbox), null when no mail is due. Per-kind channel preferences and the user's digest choice live beside it.
 * Portable types only (decision 002).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("notifications").addColumn("kind", "text").execute();
  await db.schema.alterTable("notifications").addColumn("dedup_key", "text").execute();
  await db.schema.alterTable("notifications").addColumn("mail_state", "text").execute();
  // JSON of the title's parameters, so the tray can show the title in the reader's language.
  await db.schema.alterTable("notifications").addColumn("params", "text").execute();
  await db.schema
    .createIndex("notifications_dedup")
    .unique()
    .on("notifications")
    .columns(["tenant_id", "user_id", "dedup_key"])
    .execute();
  await db.schema
    .createIndex("notifications_mail_state")
    .on("notifications")
    .columns(["tenant_id", "mail_state", "user_id"])
    .execute();

  await db.schema
    .createTable("notification_preferences")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    // in_app | email | off
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_preferences_pk", ["tenant_id", "user_id", "kind"])
    .execute();

  await db.schema
    .createTable("notification_settings")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // 1: e-mails of the "email" kinds are collected into one daily digest instead of one mail each.
    .addColumn("email_digest", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_digest_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_settings_pk", ["tenant_id", "user_id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("notification_settings").execute();
  await db.schema.dropTable("notification_preferences").execute();
  await db.schema.dropIndex("notifications_mail_state").execute();
  await db.schema.dropIndex("notifications_dedup").execute();
  for (const column of ["params", "mail_state", "dedup_key", "kind"]) {
    await db.schema.alterTable("notifications").dropColumn(column).execute();
  }
}
