import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Accounts (decision 020): the mail outbox gets a delivery state for the worker's sender job (attempts, retry time that doubles as the
 * claim of the instance sending it, last error, given-up time), and the purge job gets indexes on what it deletes by.
 * Portable types only (decision 002).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("mail_outbox")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Not before this time: the next retry, or the end of a sender's claim while it is sending.
  await db.schema.alterTable("mail_outbox").addColumn("next_attempt_at", "bigint").execute();
  await db.schema.alterTable("mail_outbox").addColumn("last_error", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("failed_at", "bigint").execute();
  await db.schema
    .createIndex("login_throttle_window")
    .on("login_throttle")
    .columns(["tenant_id", "window_start"])
    .execute();
  await db.schema
    .createIndex("password_resets_expires")
    .on("password_resets")
    .columns(["tenant_id", "expires_at"])
    .execute();
  await db.schema.createIndex("sessions_tenant_expires").on("sessions").columns(["tenant_id", "expires_at"]).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("sessions_tenant_expires").ifExists().execute();
  await db.schema.dropIndex("password_resets_expires").ifExists().execute();
  await db.schema.dropIndex("login_throttle_window").ifExists().execute();
  for (const column of ["failed_at", "last_error", "next_attempt_at", "attempts"]) {
    await db.schema.alterTable("mail_outbox").dropColumn(column).execute();
  }
}
