import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Spec section 3 "Notification": id, isRead, isNew, title, createdAt, type (info, error, other), body (HTML, sanitized
 * before display), callToAction, image. One row per recipient; is_new turns off when the tray is opened (seen),
 * is_read when the user marks it read.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull().defaultTo("info"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body_html", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cta_label", "text")
    .addColumn("cta_url", "text")
    .addColumn("image_url", "text")
    .addColumn("is_new", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("notifications_user_created")
    .on("notifications")
    .columns(["tenant_id", "user_id", "created_at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("notifications").execute();
}
