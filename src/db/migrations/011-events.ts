import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/** Portico's own analytics events (spec section 7 sends them to a third party, which is not available offline). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("session_id", "text")
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("events_tenant_type_time")
    .on("events")
    .columns(["tenant_id", "type", "created_at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("events").ifExists().execute();
}
