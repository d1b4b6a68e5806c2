import { type Kysely, sql } from "kysely";
import { newId } from "../../common/ids";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const TUPLE = ["tenant_id", "api_id", "app_id", "endpoint", "key_id", "plan_id", "subscription_id"] as const;

/*
 * Usage records as compact rows (docs/decisions/034-gateway-hot-path.md). Each call was a row of seven text ids with a
 * text primary key and two secondary indexes: three B-tree inserts with long text keys per call, the gateway's largest
 * avoidable cost. Now the ids of a call (tenant, API, endpoint, app, key, plan, subscription) are one usage_series row,
 * made once, and a call is a row of numbers and its reason under one index (series_id, created_at).
 * Absent ids are '' in usage_series (NULLs would not be unique); existing records are carried over.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("usage_series")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("api_id", "text", (c) => c.notNull())
    .addColumn("app_id", "text", (c) => c.notNull())
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("key_id", "text", (c) => c.notNull())
    .addColumn("plan_id", "text", (c) => c.notNull())
    .addColumn("subscription_id", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // The tuple's uniqueness; its (tenant_id, api_id) prefix serves per-API reads.
  await db.schema
    .createIndex("usage_series_tuple")
    .on("usage_series")
    .columns([...TUPLE])
    .unique()
    .execute();
  await db.schema.createIndex("usage_series_app").on("usage_series").columns(["tenant_id", "app_id"]).execute();

  await db.schema.dropIndex("usage_records_api_time").execute();
  await db.schema.dropIndex("usage_records_app_time").execute();
  await db.schema.alterTable("usage_records").renameTo("usage_records_030").execute();
  await db.schema
    .createTable("usage_records")
    .addColumn("series_id", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("billable", "integer", (c) => c.notNull())
    .addColumn("latency_us", "bigint", (c) => c.notNull())
    .addColumn("bytes_in", "bigint", (c) => c.notNull())
    .addColumn("bytes_out", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("usage_records_series_time")
    .on("usage_records")
    .columns(["series_id", "created_at"])
    .execute();

  // Carry the old rows over: one series per distinct tuple, then the calls.
  const tuples = await db
    .selectFrom("usage_records_030")
    .select([
      "tenant_id",
      "api_id",
      sql<string>`coalesce(app_id, '')`.as("app_id"),
      sql<string>`coalesce(endpoint, '')`.as("endpoint"),
      sql<string>`coalesce(key_id, '')`.as("key_id"),
      sql<string>`coalesce(plan_id, '')`.as("plan_id"),
      sql<string>`coalesce(subscription_id, '')`.as("subscription_id"),
    ])
    .where("api_id", "is not", null)
    .distinct()
    .execute();
  const now = Date.now();
  for (let i = 0; i < tuples.length; i += 200) {
    await db
      .insertInto("usage_series")
      .values(tuples.slice(i, i + 200).map((t) => ({ ...t, id: newId("us"), created_at: now })))
      .execute();
  }
  if (tuples.length > 0) {
    await sql`insert into usage_records (series_id, status, reason, billable, latency_us, bytes_in, bytes_out, created_at)
      select s.id, r.status, r.reason, r.billable, r.latency_us, r.bytes_in, r.bytes_out, r.created_at
      from usage_records_030 r join usage_series s
        on s.tenant_id = r.tenant_id and s.api_id = r.api_id and s.app_id = coalesce(r.app_id, '')
        and s.endpoint = coalesce(r.endpoint, '') and s.key_id = coalesce(r.key_id, '')
        and s.plan_id = coalesce(r.plan_id, '') and s.subscription_id = coalesce(r.subscription_id, '')`.execute(db);
  }
  await db.schema.dropTable("usage_records_030").execute();
}

/** Back to one wide row per call (ids re-made; the series table goes). */
export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("usage_records").renameTo("usage_records_031").execute();
  await db.schema.dropIndex("usage_records_series_time").execute();
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
  await sql`insert into usage_records (id, tenant_id, api_id, endpoint, app_id, key_id, plan_id, subscription_id,
      status, reason, billable, latency_us, bytes_in, bytes_out, created_at)
    select 'ur_031_' || (row_number() over ()),
      s.tenant_id, s.api_id, nullif(s.endpoint, ''), nullif(s.app_id, ''), nullif(s.key_id, ''), nullif(s.plan_id, ''),
      nullif(s.subscription_id, ''), r.status, r.reason, r.billable, r.latency_us, r.bytes_in, r.bytes_out, r.created_at
    from usage_records_031 r join usage_series s on s.id = r.series_id`.execute(db);
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
  await db.schema.dropTable("usage_records_031").execute();
  await db.schema.dropTable("usage_series").execute();
}
