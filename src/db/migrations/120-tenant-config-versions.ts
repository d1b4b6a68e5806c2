import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Tenant settings history (decision 120): every change an operator saves in /admin is one row with the whole
 * validated configuration, who saved it and which settings changed, so a previous version can be restored as a new
 * one. tenants.config stays the current configuration (every request reads it); this table is only read by /admin.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("tenant_config_versions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("config", "text", (c) => c.notNull())
    // JSON array of the dotted paths that differ from the previous version ("theme.backgroundColor").
    .addColumn("changes", "text", (c) => c.notNull())
    .addColumn("changed_by", "text", (c) => c.references("users.id").onDelete("set null"))
    // Kept as text so the history still names the author after the account is deleted.
    .addColumn("changed_by_name", "text")
    .addColumn("reverted_from", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("tenant_config_versions_tenant_version")
    .on("tenant_config_versions")
    .columns(["tenant_id", "version"])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("tenant_config_versions").execute();
}
