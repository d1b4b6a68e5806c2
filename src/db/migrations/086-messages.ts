import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Contact the creator (decision 086): a thread per conversation between one consumer and the provider of one API
 * (the owner, or the organization's admins), its messages (plain text, shown escaped), each side's unread and archived
 * flags, and the senders a provider blocked (by the API owner id: a user, or an organization). Portable types only.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("message_threads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    // The API's owner when the thread started (a user id or an organization id): whose inbox holds it.
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("consumer_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("consumer_unread", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("provider_unread", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("consumer_archived", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("provider_archived", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_message_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("message_threads_provider")
    .on("message_threads")
    .columns(["tenant_id", "provider_id", "last_message_at"])
    .execute();
  await db.schema
    .createIndex("message_threads_consumer")
    .on("message_threads")
    .columns(["tenant_id", "consumer_id", "last_message_at"])
    .execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("thread_id", "text", (c) => c.notNull().references("message_threads.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    // consumer | provider
    .addColumn("side", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("messages_thread").on("messages").columns(["thread_id", "created_at"]).execute();

  await db.schema
    .createTable("message_blocks")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("blocked_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("message_blocks_pk", ["tenant_id", "provider_id", "user_id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("message_blocks").execute();
  await db.schema.dropTable("messages").execute();
  await db.schema.dropTable("message_threads").execute();
}
