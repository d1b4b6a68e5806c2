import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Money safety (decision 046): one payment at a time per (app, API) subscription, whatever idempotency key each request
 * carries (decision 046). A row is held while a subscribe, plan change or past-due payment moves money; a holder that
 * crashed is taken over once its row is stale.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("subscription_payment_locks")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("app_id", "text", (c) => c.notNull())
    .addColumn("api_id", "text", (c) => c.notNull())
    // The request holding the lock: a step key of its idempotent request (the same across a crash and its retry).
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("locked_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("subscription_payment_locks_pk", ["tenant_id", "app_id", "api_id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("subscription_payment_locks").execute();
}
