import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Money foundation (decisions 040, 041): idempotency keys, invoices with gap-free per-tenant numbers, the core payment ledger
 * (authorizations Portico asked a processor for, so orphaned holds can be found and voided), card-attempt throttling,
 * and the built-in sandbox processor's own state. Amounts are integer minor units (bigint), never numeric.
 * Invoices reference users/subscriptions without foreign keys: they are financial records that must outlive them.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("billing_idempotency_keys")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("idem_key", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("response_json", "text")
    .addColumn("lock_token", "text", (c) => c.notNull())
    .addColumn("locked_at", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("completed_at", "bigint")
    .addPrimaryKeyConstraint("billing_idempotency_keys_pk", ["tenant_id", "scope", "idem_key"])
    .execute();
  await db.schema
    .createIndex("billing_idempotency_keys_created")
    .on("billing_idempotency_keys")
    .columns(["created_at"])
    .execute();

  await db.schema
    .createTable("invoice_number_counters")
    .addColumn("tenant_id", "text", (c) => c.primaryKey().references("tenants.id").onDelete("cascade"))
    .addColumn("last_number", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    // Allocated when the draft is finalized, inside that transaction: numbers have no gaps.
    .addColumn("number", "bigint")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("customer_user_id", "text")
    .addColumn("organization_id", "text")
    .addColumn("subscription_id", "text")
    .addColumn("collection_method", "text", (c) => c.notNull().defaultTo("charge_card"))
    .addColumn("period_start", "bigint")
    .addColumn("period_end", "bigint")
    .addColumn("subtotal_minor", "bigint", (c) => c.notNull())
    .addColumn("total_minor", "bigint", (c) => c.notNull())
    .addColumn("carried_credit_minor", "bigint", (c) => c.notNull())
    .addColumn("amount_paid_minor", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("payment_reference", "text")
    .addColumn("issued_at", "bigint")
    .addColumn("due_at", "bigint")
    .addColumn("paid_at", "bigint")
    .addColumn("voided_at", "bigint")
    .addColumn("uncollectible_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("invoices_tenant_number", ["tenant_id", "number"])
    .execute();
  await db.schema
    .createIndex("invoices_customer")
    .on("invoices")
    .columns(["tenant_id", "customer_user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("invoices_subscription")
    .on("invoices")
    .columns(["tenant_id", "subscription_id", "created_at"])
    .execute();
  await db.schema.createIndex("invoices_status").on("invoices").columns(["tenant_id", "status"]).execute();

  await db.schema
    .createTable("invoice_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("quantity", "bigint", (c) => c.notNull())
    .addColumn("unit_amount_minor", "bigint")
    .addColumn("unit_price_micros", "bigint")
    .addColumn("amount_minor", "bigint", (c) => c.notNull())
    .addColumn("plan_id", "text")
    .addColumn("subscription_id", "text")
    .addColumn("period_start", "bigint")
    .addColumn("period_end", "bigint")
    .execute();
  await db.schema
    .createIndex("invoice_lines_invoice")
    .on("invoice_lines")
    .columns(["invoice_id", "position"])
    .execute();

  await db.schema
    .createTable("payment_authorizations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text")
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("processor", "text", (c) => c.notNull())
    .addColumn("payment_method_token", "text", (c) => c.notNull())
    .addColumn("amount_minor", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("processor_authorization_id", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("decline_reason", "text")
    .addColumn("void_after", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("captured_at", "bigint")
    .addColumn("voided_at", "bigint")
    .addUniqueConstraint("payment_authorizations_key", ["tenant_id", "idempotency_key"])
    .execute();
  await db.schema
    .createIndex("payment_authorizations_open")
    .on("payment_authorizations")
    .columns(["status", "created_at"])
    .execute();

  await db.schema
    .createTable("payment_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payment_attempts_user")
    .on("payment_attempts")
    .columns(["tenant_id", "user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("payment_attempts_ip")
    .on("payment_attempts")
    .columns(["tenant_id", "ip", "created_at"])
    .execute();

  // The sandbox processor's state: what a real processor would keep on its side. Never a full card number or CVC.
  await db.schema
    .createTable("sandbox_payment_methods")
    .addColumn("token", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("last4", "text", (c) => c.notNull())
    .addColumn("exp_month", "integer", (c) => c.notNull())
    .addColumn("exp_year", "integer", (c) => c.notNull())
    .addColumn("holder_name", "text", (c) => c.notNull())
    .addColumn("behaviour", "text", (c) => c.notNull())
    .addColumn("retry_signalled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("successful_captures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sandbox_authorizations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("payment_method_token", "text", (c) => c.notNull().references("sandbox_payment_methods.token"))
    .addColumn("amount_minor", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("captured_minor", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("refunded_minor", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("description", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("captured_at", "bigint")
    .addColumn("voided_at", "bigint")
    .execute();

  await db.schema
    .createTable("sandbox_refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("authorization_id", "text", (c) => c.notNull().references("sandbox_authorizations.id"))
    .addColumn("amount_minor", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sandbox_idempotency")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("idem_key", "text", (c) => c.notNull())
    .addColumn("operation", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("response_json", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("sandbox_idempotency_pk", ["tenant_id", "idem_key"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    "sandbox_idempotency",
    "sandbox_refunds",
    "sandbox_authorizations",
    "sandbox_payment_methods",
    "payment_attempts",
    "payment_authorizations",
    "invoice_lines",
    "invoices",
    "invoice_number_counters",
    "billing_idempotency_keys",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
