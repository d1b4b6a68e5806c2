import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Issue 17: category and collection names and descriptions per interface language (decision 130). The base row keeps
 * the en-US text and stays the fallback; a translation row exists only for a language someone translated. A null
 * description falls back to the base description on its own.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("category_translations")
    .addColumn("category_id", "text", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addPrimaryKeyConstraint("category_translations_pk", ["category_id", "locale"])
    .execute();
  await db.schema
    .createIndex("category_translations_tenant_locale")
    .on("category_translations")
    .columns(["tenant_id", "locale"])
    .execute();
  await db.schema
    .createTable("collection_translations")
    .addColumn("collection_id", "text", (c) => c.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addPrimaryKeyConstraint("collection_translations_pk", ["collection_id", "locale"])
    .execute();
  await db.schema
    .createIndex("collection_translations_tenant_locale")
    .on("collection_translations")
    .columns(["tenant_id", "locale"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("collection_translations").ifExists().execute();
  await db.schema.dropTable("category_translations").ifExists().execute();
}
