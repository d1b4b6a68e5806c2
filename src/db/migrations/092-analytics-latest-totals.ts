import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Latest running totals (docs/decisions/092-analytics-latest-totals.md): one row per (tenant, kind, API, dim) of the
 * hour and day projections with the bucket of its latest row and the running total there. A top list over a range
 * that ends after that bucket (every preset: they end now) takes the pair's total from this row instead of a seek,
 * and a pair whose latest bucket is before the range's start had no calls in it and needs no seek at all.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const grain of ["hour", "day"] as const) {
    const table = `usage_rollups_${grain}_latest`;
    await db.schema
      .createTable(table)
      .addColumn("tenant_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("api_id", "text", (c) => c.notNull())
      .addColumn("dim", "text", (c) => c.notNull())
      .addColumn("bucket", "bigint", (c) => c.notNull())
      .addColumn("cum_calls", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ["tenant_id", "kind", "api_id", "dim"])
      .execute();
    // Existing projections: each pair's latest row.
    await sql`insert into ${sql.table(table)} (tenant_id, kind, api_id, dim, bucket, cum_calls)
      select tenant_id, kind, api_id, dim, bucket, cum_calls from (select tenant_id, kind, api_id, dim, bucket, cum_calls,
          row_number() over (partition by tenant_id, kind, api_id, dim order by bucket desc) as n
        from ${sql.table(`usage_rollups_${grain}_dim`)}) x
      where n = 1`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("usage_rollups_day_latest").execute();
  await db.schema.dropTable("usage_rollups_hour_latest").execute();
}
