import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const LATENCY_BUCKETS = 14;

/*
 * Analytics (docs/decisions/090-analytics.md):
 * - usage_records is the request log: it gains the call's request id (no index: a log row is found by its series and
 *   time, which the list links carry, so the gateway's batch insert keeps one B-tree per row, decision 034);
 * - hour and day rollups folded by a worker from the minute rollups, which long ranges read;
 * - provider alerts on error rate or p95 latency over a window.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("usage_records").addColumn("request_id", "text").execute();

  for (const grain of ["hour", "day"] as const) {
    let table = db.schema
      .createTable(`usage_rollups_${grain}`)
      .addColumn("tenant_id", "text", (c) => c.notNull())
      .addColumn("api_id", "text", (c) => c.notNull())
      .addColumn("endpoint", "text", (c) => c.notNull())
      .addColumn("app_id", "text", (c) => c.notNull())
      .addColumn("bucket", "bigint", (c) => c.notNull())
      .addColumn("calls", "bigint", (c) => c.notNull())
      .addColumn("billable", "bigint", (c) => c.notNull())
      .addColumn("rejected", "bigint", (c) => c.notNull())
      .addColumn("errors_4xx", "bigint", (c) => c.notNull())
      .addColumn("errors_5xx", "bigint", (c) => c.notNull())
      .addColumn("bytes_in", "bigint", (c) => c.notNull())
      .addColumn("bytes_out", "bigint", (c) => c.notNull())
      .addColumn("latency_sum_us", "bigint", (c) => c.notNull());
    for (let i = 0; i < LATENCY_BUCKETS; i++) {
      table = table.addColumn(`lat_b${String(i).padStart(2, "0")}`, "bigint", (c) => c.notNull().defaultTo(0));
    }
    await table
      .addPrimaryKeyConstraint(`usage_rollups_${grain}_pk`, ["tenant_id", "api_id", "bucket", "endpoint", "app_id"])
      .execute();
    await db.schema
      .createIndex(`usage_rollups_${grain}_app`)
      .on(`usage_rollups_${grain}`)
      .columns(["tenant_id", "app_id", "bucket"])
      .execute();
    await db.schema
      .createIndex(`usage_rollups_${grain}_time`)
      .on(`usage_rollups_${grain}`)
      .columns(["tenant_id", "bucket"])
      .execute();
  }
  // Projections of the hour and day rollups without the app (kind "api": per API; "endpoint": per API endpoint) or
  // without the endpoint (kind "app": per API and app): the views that do not filter by app read these far smaller
  // tables (the full ones have a row per API, endpoint and app).
  for (const grain of ["hour", "day"] as const) {
    let table = db.schema
      .createTable(`usage_rollups_${grain}_dim`)
      .addColumn("tenant_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("api_id", "text", (c) => c.notNull())
      .addColumn("dim", "text", (c) => c.notNull())
      .addColumn("bucket", "bigint", (c) => c.notNull())
      .addColumn("calls", "bigint", (c) => c.notNull())
      .addColumn("billable", "bigint", (c) => c.notNull())
      .addColumn("rejected", "bigint", (c) => c.notNull())
      .addColumn("errors_4xx", "bigint", (c) => c.notNull())
      .addColumn("errors_5xx", "bigint", (c) => c.notNull())
      .addColumn("bytes_in", "bigint", (c) => c.notNull())
      .addColumn("bytes_out", "bigint", (c) => c.notNull())
      .addColumn("latency_sum_us", "bigint", (c) => c.notNull());
    for (let i = 0; i < LATENCY_BUCKETS; i++) {
      table = table.addColumn(`lat_b${String(i).padStart(2, "0")}`, "bigint", (c) => c.notNull().defaultTo(0));
    }
    await table
      .addPrimaryKeyConstraint(`usage_rollups_${grain}_dim_pk`, ["tenant_id", "kind", "api_id", "bucket", "dim"])
      .execute();
    await db.schema
      .createIndex(`usage_rollups_${grain}_dim_time`)
      .on(`usage_rollups_${grain}_dim`)
      .columns(["tenant_id", "kind", "bucket"])
      .execute();
  }
  // The tenant-wide view (admin) reads the minute rollups by time.
  await db.schema.createIndex("usage_rollups_time").on("usage_rollups").columns(["tenant_id", "minute"]).execute();

  await db.schema
    .createTable("analytics_alerts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull())
    // null: every API of the owner.
    .addColumn("api_id", "text")
    .addColumn("metric", "text", (c) => c.notNull())
    .addColumn("threshold", "integer", (c) => c.notNull())
    .addColumn("window_minutes", "integer", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("last_value", "integer")
    .addColumn("last_fired_at", "bigint")
    .addColumn("checked_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("analytics_alerts_owner")
    .on("analytics_alerts")
    .columns(["tenant_id", "owner_id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("analytics_alerts").execute();
  await db.schema.dropIndex("usage_rollups_time").execute();
  await db.schema.dropTable("usage_rollups_day_dim").execute();
  await db.schema.dropTable("usage_rollups_hour_dim").execute();
  await db.schema.dropTable("usage_rollups_day").execute();
  await db.schema.dropTable("usage_rollups_hour").execute();
  await db.schema.alterTable("usage_records").dropColumn("request_id").execute();
}
