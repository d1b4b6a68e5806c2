import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Analytics at scale (docs/decisions/091-analytics-ranking.md):
 * - the hour and day projections carry `cum_calls`, the calls of their (kind, API, dim) up to and including their
 *   bucket, so a top list over any range is two index seeks per pair (the latest row before each end) instead of a
 *   grouped scan of every row in the range;
 * - an index by pair then time serves those seeks and the winners' full sums (it replaces the (tenant, kind, bucket)
 *   index);
 * - kind "tenant" (api '' and dim ''): one row per bucket for the whole tenant, which the admin's charts read.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const grain of ["hour", "day"] as const) {
    const table = `usage_rollups_${grain}_dim`;
    await db.schema
      .alterTable(table)
      .addColumn("cum_calls", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
    // The (tenant, kind, bucket) index no read needs any more (the tenant-wide charts read kind "tenant" by primary
    // key, top lists the pair index), and PostgreSQL preferred it for the per-pair seeks: each then scanned every
    // earlier row of the kind.
    await db.schema.dropIndex(`${table}_time`).execute();
    await db.schema
      .createIndex(`${table}_pair`)
      .on(table)
      .columns(["tenant_id", "kind", "api_id", "dim", "bucket", "cum_calls"])
      .execute();
    // Existing rows: the running sum per pair (the new index makes each a short range read).
    await sql`update ${sql.table(table)} set cum_calls = (select sum(p.calls) from ${sql.table(table)} p
      where p.tenant_id = ${sql.table(table)}.tenant_id and p.kind = ${sql.table(table)}.kind
        and p.api_id = ${sql.table(table)}.api_id and p.dim = ${sql.table(table)}.dim
        and p.bucket <= ${sql.table(table)}.bucket)`.execute(db);
    const sums = [
      "calls",
      "billable",
      "rejected",
      "errors_4xx",
      "errors_5xx",
      "bytes_in",
      "bytes_out",
      "latency_sum_us",
      ...Array.from({ length: 14 }, (_, i) => `lat_b${String(i).padStart(2, "0")}`),
    ];
    await sql`insert into ${sql.table(table)} (tenant_id, kind, api_id, dim, bucket, ${sql.raw(sums.join(", "))})
      select tenant_id, 'tenant', '', '', bucket, ${sql.raw(sums.map((c) => `sum(${c})`).join(", "))}
      from ${sql.table(table)} where kind = 'api' group by tenant_id, bucket`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const grain of ["hour", "day"] as const) {
    const table = `usage_rollups_${grain}_dim`;
    await sql`delete from ${sql.table(table)} where kind = 'tenant'`.execute(db);
    await db.schema.dropIndex(`${table}_pair`).execute();
    await db.schema.createIndex(`${table}_time`).on(table).columns(["tenant_id", "kind", "bucket"]).execute();
    await db.schema.alterTable(table).dropColumn("cum_calls").execute();
  }
}
