import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Paid subscriptions (decision 040): billing columns on subscriptions (period, price snapshot, cancel flag, past-due
 * balance, stored payment method token, organization coverage), the transition log of the subscription state machine,
 * and the record of which metered quota periods were already invoiced as overage (so a rerun never bills twice).
 * SQLite accepts one ADD COLUMN per ALTER TABLE, hence one statement per column.
 */
export async function up(db: AnyDb): Promise<void> {
  const columns: Array<[string, "text" | "bigint" | "integer", string | number | null]> = [
    // Set on an app's row when an organization subscription covers it (decision 042): the gateway bills and counts
    // its calls on the covering subscription.
    ["covered_by_subscription_id", "text", null],
    ["current_period_start", "bigint", null],
    ["current_period_end", "bigint", null],
    ["price_minor", "bigint", 0],
    ["currency", "text", null],
    ["cancel_at_period_end", "integer", 0],
    ["past_due_minor", "bigint", 0],
    ["payment_method_token", "text", null],
    ["collection_method", "text", null],
  ];
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable("subscriptions")
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }
  await db.schema
    .createIndex("subscriptions_covered_by")
    .on("subscriptions")
    .columns(["covered_by_subscription_id"])
    .execute();
  await db.schema.createIndex("subscriptions_period_end").on("subscriptions").columns(["current_period_end"]).execute();
  await db.schema
    .createIndex("subscriptions_org_api")
    .on("subscriptions")
    .columns(["tenant_id", "organization_id", "api_id"])
    .execute();

  await db.schema
    .createTable("subscription_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("subscription_id", "text", (c) => c.notNull())
    .addColumn("transition", "text", (c) => c.notNull())
    .addColumn("from_status", "text", (c) => c.notNull())
    .addColumn("to_status", "text", (c) => c.notNull())
    // A user id, or "system" for the worker's billing runs.
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("plan_id", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("subscription_events_sub")
    .on("subscription_events")
    .columns(["tenant_id", "subscription_id", "created_at"])
    .execute();

  await db.schema
    .createTable("overage_billings")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("subscription_id", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("period_start", "bigint", (c) => c.notNull())
    // null: examined, nothing above the quota.
    .addColumn("invoice_id", "text")
    .addColumn("quantity", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("overage_billings_pk", ["subscription_id", "scope", "period_start"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("overage_billings").ifExists().execute();
  await db.schema.dropTable("subscription_events").ifExists().execute();
  for (const index of ["subscriptions_covered_by", "subscriptions_period_end", "subscriptions_org_api"]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const name of [
    "covered_by_subscription_id",
    "current_period_start",
    "current_period_end",
    "price_minor",
    "currency",
    "cancel_at_period_end",
    "past_due_minor",
    "payment_method_token",
    "collection_method",
  ]) {
    await db.schema.alterTable("subscriptions").dropColumn(name).execute();
  }
}
