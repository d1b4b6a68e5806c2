import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/** Latency histogram upper bounds in microseconds for usage_rollups.lat_bNN; the last bucket is open-ended. */
const LATENCY_BUCKETS = 14;

/*
 * The gateway (decision 032): plans, apps and keys, subscriptions, gateway settings, billing counters and metering.
 * Portable types only (text, integer, bigint). Usage tables carry no foreign keys: they are written in batches by the
 * gateway, outlive deleted apps for billing, and must never make a metering flush fail.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("plans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("recommended", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("private", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("deprecated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("approval_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hard_limit", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("overage_price_micros", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("rate_limit_count", "integer")
    .addColumn("rate_limit_unit", "text")
    .addColumn("quota", "bigint")
    .addColumn("quota_period", "text", (c) => c.notNull().defaultTo("month"))
    .addColumn("features_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("monthly_price_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("plans_api").on("plans").columns(["tenant_id", "api_id", "position"]).execute();

  await db.schema
    .createTable("plan_objects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("plan_id", "text", (c) => c.notNull().references("plans.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("quota", "bigint", (c) => c.notNull())
    .addColumn("quota_period", "text", (c) => c.notNull())
    .addColumn("hard_limit", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("overage_price_micros", "bigint", (c) => c.notNull().defaultTo(0))
    // JSON array of "METHOD /path/{template}" strings: survives new versions of the spec, unlike endpoint row ids.
    .addColumn("endpoints_json", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.createIndex("plan_objects_plan").on("plan_objects").columns(["plan_id", "position"]).execute();

  await db.schema
    .createTable("apps")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("owner_user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // Context: null for the personal context; organization (and optionally team) when created in an org context.
    .addColumn("organization_id", "text")
    .addColumn("team_id", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("apps_owner").on("apps").columns(["tenant_id", "owner_user_id"]).execute();
  await db.schema.createIndex("apps_organization").on("apps").columns(["tenant_id", "organization_id"]).execute();

  await db.schema
    .createTable("app_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("app_id", "text", (c) => c.notNull().references("apps.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // sha256 of the key, hex: keys are 256-bit random values, so a fast hash is enough (not a password).
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("key_prefix", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint")
    .addColumn("revoked_at", "bigint")
    .addColumn("replaced_by", "text")
    .execute();
  await db.schema.createIndex("app_keys_app").on("app_keys").columns(["tenant_id", "app_id"]).execute();

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("app_id", "text", (c) => c.notNull().references("apps.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("plan_id", "text", (c) => c.notNull().references("plans.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("owner_user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("organization_id", "text")
    .addColumn("team_id", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("subscriptions_app_api", ["app_id", "api_id"])
    .execute();
  await db.schema
    .createIndex("subscriptions_api")
    .on("subscriptions")
    .columns(["tenant_id", "api_id", "status"])
    .execute();
  await db.schema.createIndex("subscriptions_plan").on("subscriptions").columns(["plan_id"]).execute();

  await db.schema
    .createTable("api_gateway_settings")
    .addColumn("api_id", "text", (c) => c.primaryKey().references("apis.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("mode", "text", (c) => c.notNull().defaultTo("proxy"))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  // The billing counter: admitted-and-answered calls per subscription, scope (plan or plan object) and quota period.
  await db.schema
    .createTable("billing_counters")
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("subscription_id", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("period_start", "bigint", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("billing_counters_pk", ["subscription_id", "scope", "period_start"])
    .execute();
  await db.schema
    .createIndex("billing_counters_tenant")
    .on("billing_counters")
    .columns(["tenant_id", "period_start"])
    .execute();

  await db.schema
    .createTable("usage_records")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("api_id", "text")
    .addColumn("endpoint", "text")
    .addColumn("app_id", "text")
    .addColumn("key_id", "text")
    .addColumn("plan_id", "text")
    .addColumn("subscription_id", "text")
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("billable", "integer", (c) => c.notNull())
    .addColumn("latency_us", "bigint", (c) => c.notNull())
    .addColumn("bytes_in", "bigint", (c) => c.notNull())
    .addColumn("bytes_out", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("usage_records_api_time")
    .on("usage_records")
    .columns(["tenant_id", "api_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("usage_records_app_time")
    .on("usage_records")
    .columns(["tenant_id", "app_id", "created_at"])
    .execute();

  let rollups = db.schema
    .createTable("usage_rollups")
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("api_id", "text", (c) => c.notNull())
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("app_id", "text", (c) => c.notNull())
    .addColumn("minute", "bigint", (c) => c.notNull())
    .addColumn("calls", "bigint", (c) => c.notNull())
    .addColumn("billable", "bigint", (c) => c.notNull())
    .addColumn("rejected", "bigint", (c) => c.notNull())
    .addColumn("errors_4xx", "bigint", (c) => c.notNull())
    .addColumn("errors_5xx", "bigint", (c) => c.notNull())
    .addColumn("bytes_in", "bigint", (c) => c.notNull())
    .addColumn("bytes_out", "bigint", (c) => c.notNull())
    .addColumn("latency_sum_us", "bigint", (c) => c.notNull());
  for (let i = 0; i < LATENCY_BUCKETS; i++) {
    rollups = rollups.addColumn(`lat_b${String(i).padStart(2, "0")}`, "bigint", (c) => c.notNull().defaultTo(0));
  }
  await rollups
    .addPrimaryKeyConstraint("usage_rollups_pk", ["tenant_id", "api_id", "minute", "endpoint", "app_id"])
    .execute();
  await db.schema
    .createIndex("usage_rollups_app")
    .on("usage_rollups")
    .columns(["tenant_id", "app_id", "minute"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    "usage_rollups",
    "usage_records",
    "billing_counters",
    "api_gateway_settings",
    "subscriptions",
    "app_keys",
    "apps",
    "plan_objects",
    "plans",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
