import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Health probes (decision 101): the worker probes each API that has a gateway upstream and records what it saw.
 * `api_health_probes` keeps every probe for two days (the 24 h uptime and the status history); `api_health_days`
 * folds them per UTC day for thirty days (the 7 d and 30 d uptime), so a tenant with thousands of APIs stays small.
 * `api_gateway_settings.health_path` is the provider's declared health path (else the base URL is probed).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("api_health_probes")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    .addColumn("probed_at", "bigint", (c) => c.notNull())
    // 1 up, 0 down
    .addColumn("up", "integer", (c) => c.notNull())
    .addColumn("latency_ms", "integer")
    .addColumn("status_code", "integer")
    // Why it is down (timeout, refused address, HTTP 503...); null when up.
    .addColumn("reason", "text")
    .addPrimaryKeyConstraint("api_health_probes_pk", ["tenant_id", "api_id", "probed_at"])
    .execute();
  await db.schema.createIndex("api_health_probes_by_time").on("api_health_probes").columns(["probed_at"]).execute();
  await db.schema
    .createTable("api_health_days")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("api_id", "text", (c) => c.notNull().references("apis.id").onDelete("cascade"))
    // Start of the UTC day, epoch ms.
    .addColumn("day", "bigint", (c) => c.notNull())
    .addColumn("probes", "integer", (c) => c.notNull())
    .addColumn("up", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("api_health_days_pk", ["tenant_id", "api_id", "day"])
    .execute();
  await db.schema.alterTable("api_gateway_settings").addColumn("health_path", "text").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("api_gateway_settings").dropColumn("health_path").execute();
  await db.schema.dropTable("api_health_days").ifExists().execute();
  await db.schema.dropTable("api_health_probes").ifExists().execute();
}
