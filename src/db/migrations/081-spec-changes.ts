import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * The spec change feed (decision 081): each imported version after the first stores its structured diff against the
 * previous one (operations added, removed, changed; each change breaking or not). notified_at is the outbox mark of
 * the followers' and subscribers' notifications: null until the fan-out finished, so a sweep can finish what a
 * crash interrupted (the notifications have deterministic ids, so finishing twice adds nothing).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("api_version_changes")
    .addColumn("version_id", "text", (c) => c.primaryKey().references("api_versions.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("previous_version_id", "text")
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("previous_version", "text")
    .addColumn("diff_json", "text", (c) => c.notNull())
    .addColumn("breaking_count", "integer", (c) => c.notNull())
    .addColumn("change_count", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("notified_at", "bigint")
    .execute();
  await db.schema
    .createIndex("api_version_changes_api")
    .on("api_version_changes")
    .columns(["tenant_id", "api_id", "created_at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("api_version_changes").ifExists().execute();
}
