import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Decision 049: a change of an active subscription to a plan that needs the provider's approval is a request of
 * its own (decision 049). The subscription keeps its current plan, status and limits while the request waits; the
 * request carries the plan asked for and, once the provider approves, the instant the proration is computed at (so a
 * retried approval charges the same amount under the same processor key).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("plan_change_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("subscription_id", "text", (c) => c.notNull())
    .addColumn("from_plan_id", "text", (c) => c.notNull())
    .addColumn("plan_id", "text", (c) => c.notNull())
    // pending, approved, rejected, withdrawn (the consumer changed plan or unsubscribed meanwhile).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("requested_by", "text", (c) => c.notNull())
    // What approving would charge when the consumer asked (the modal's figure); the charge is computed at approval.
    .addColumn("quoted_minor", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("currency", "text", (c) => c.notNull())
    // A card given with the request (verified by the 0.50 hold, voided); null: the subscription's stored card.
    .addColumn("payment_method_token", "text")
    // Set by the first approval attempt: the proration instant, fixed for every retry of that approval.
    .addColumn("approving_at", "bigint")
    .addColumn("requested_at", "bigint", (c) => c.notNull())
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "bigint")
    .execute();
  await db.schema
    .createIndex("plan_change_requests_sub")
    .on("plan_change_requests")
    .columns(["tenant_id", "subscription_id", "requested_at"])
    .execute();
  // At most one waiting request per subscription: the database refuses a second one (both dialects).
  await db.schema
    .createIndex("plan_change_requests_one_pending")
    .on("plan_change_requests")
    .columns(["tenant_id", "subscription_id"])
    .unique()
    .where(sql.ref("status"), "=", "pending")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("plan_change_requests").ifExists().execute();
}
