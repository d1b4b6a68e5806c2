import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * The answer of a discussion (decision 082): the thread's author or the API's provider marks one reply as the answer.
 * A nullable column on the discussion, not a flag per comment, so there is never more than one answer and marking
 * another reply is one update. Portable types only (decision 002).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("discussions").addColumn("answer_comment_id", "text").execute();
  await db.schema.alterTable("discussions").addColumn("answer_marked_by", "text").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("discussions").dropColumn("answer_marked_by").execute();
  await db.schema.alterTable("discussions").dropColumn("answer_comment_id").execute();
}
