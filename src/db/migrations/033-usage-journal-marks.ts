import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Usage records as durable as the billing counter (docs/decisions/037-durable-usage-records.md). Each
 * embedded gateway journal writes its usage records into the journal log first; a row here says up to which log the
 * database holds them, written in the same transaction as the records, so a restart stores exactly the missing ones.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("usage_journal_marks")
    .addColumn("journal_id", "text", (c) => c.primaryKey())
    .addColumn("log_seq", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("usage_journal_marks").execute();
}
