import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * API page content (decision 050): provider content on the API page. Spotlights already exist (001-catalog); this adds tutorials and
 * discussions with their comments. Discussions carry a status, a kind and counters so the community issue can add
 * reactions, moderation and threads (parent_id) without reshaping the tables.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("tutorials")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("thumbnail_url", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("draft", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("published_at", "bigint")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("tutorials_api_slug")
    .on("tutorials")
    .columns(["tenant_id", "api_id", "slug"])
    .unique()
    .execute();
  await db.schema
    .createIndex("tutorials_api_position")
    .on("tutorials")
    .columns(["tenant_id", "api_id", "position"])
    .execute();

  // Uploaded spotlight files: the original name (Content-Disposition), the content type checked at upload, the size.
  await db.schema.alterTable("spotlights").addColumn("file_name", "text").execute();
  await db.schema.alterTable("spotlights").addColumn("file_type", "text").execute();
  await db.schema.alterTable("spotlights").addColumn("file_size", "integer").execute();
  await db.schema.alterTable("spotlights").addColumn("updated_at", "bigint").execute();
  await db.schema
    .createIndex("spotlights_api_position")
    .on("spotlights")
    .columns(["tenant_id", "api_id", "position"])
    .execute();

  await db.schema
    .createTable("discussions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // Spec section 3: type question or answer; a new discussion is a question.
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("question"))
    // visible | hidden (moderation, later) | locked
    .addColumn("status", "text", (c) => c.notNull().defaultTo("visible"))
    .addColumn("comments_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_activity_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("discussions_api_created")
    .on("discussions")
    .columns(["tenant_id", "api_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("discussions_author_created")
    .on("discussions")
    .columns(["tenant_id", "author_id", "created_at"])
    .execute();

  await db.schema
    .createTable("discussion_comments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("discussion_id", "text", (c) => c.notNull().references("discussions.id").onDelete("cascade"))
    .addColumn("parent_id", "text", (c) => c.references("discussion_comments.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    // A comment on a question is an answer (spec section 3 type; profile filters Questions / Answers).
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("answer"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("visible"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("discussion_comments_discussion")
    .on("discussion_comments")
    .columns(["tenant_id", "discussion_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("discussion_comments_author")
    .on("discussion_comments")
    .columns(["tenant_id", "author_id", "created_at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("discussion_comments").ifExists().execute();
  await db.schema.dropTable("discussions").ifExists().execute();
  await db.schema.dropIndex("spotlights_api_position").ifExists().execute();
  for (const column of ["file_name", "file_type", "file_size", "updated_at"]) {
    await db.schema.alterTable("spotlights").dropColumn(column).execute();
  }
  await db.schema.dropTable("tutorials").ifExists().execute();
}
