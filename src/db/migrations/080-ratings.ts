import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Ratings and reviews (decision 080): one rating per user and API (1-5 stars, optional title and Markdown body, the
 * provider's one reply), and "was this helpful" votes. The aggregate stays on the API row (rating_avg, rating_votes,
 * which cards, search and compare already read) plus the 1-5 distribution; rating_is_demo says the two numbers were
 * generated for the demo catalog. The first real rating replaces them (the use case recomputes the aggregate from
 * api_ratings in the rating's transaction).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("api_ratings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("stars", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("helpful_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reply_body", "text")
    .addColumn("reply_author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("replied_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // One rating per user and API: a retried or concurrent second one hits this.
  await db.schema
    .createIndex("api_ratings_user")
    .on("api_ratings")
    .columns(["tenant_id", "api_id", "user_id"])
    .unique()
    .execute();
  await db.schema
    .createIndex("api_ratings_api_created")
    .on("api_ratings")
    .columns(["tenant_id", "api_id", "created_at"])
    .execute();

  await db.schema
    .createTable("api_rating_votes")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("rating_id", "text", (c) => c.notNull().references("api_ratings.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("api_rating_votes_pk", ["rating_id", "user_id"])
    .execute();

  await db.schema
    .alterTable("apis")
    .addColumn("rating_is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // JSON array of the counts of 1..5 stars; null while the numbers are generated (demo) or nobody rated.
  await db.schema.alterTable("apis").addColumn("rating_distribution", "text").execute();
  await sql`update apis set rating_is_demo = 1 where is_demo_data = 1 and rating_votes > 0`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("api_rating_votes").ifExists().execute();
  await db.schema.dropTable("api_ratings").ifExists().execute();
  await db.schema.alterTable("apis").dropColumn("rating_distribution").execute();
  await db.schema.alterTable("apis").dropColumn("rating_is_demo").execute();
}
