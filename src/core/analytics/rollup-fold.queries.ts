import { type RawBuilder, sql } from "kysely";
import type { Db, DbTransaction } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { ROLLUP_SUM_COLUMNS } from "../metering/usage.types";
import { DAY_MS, HOUR_MS } from "./analytics-range";

/*
 * The worker's fold of minute rollups into hours and hours into days (docs/decisions/090-analytics.md). A fold
 * recomputes whole buckets from the finer table (delete, then insert the grouped sums, in one transaction), so running
 * it twice or in two workers at once leaves the same rows, and a late record (a crash recovery, decision 037) is
 * picked up by the next fold of its bucket. Every statement names the tenant and reaches its rows through an index
 * led by the tenant (decision 092): a fold reads the rows of its buckets, not the whole table.
 */

const SUMS = [...ROLLUP_SUM_COLUMNS];
const COLUMNS = ["tenant_id", "api_id", "endpoint", "app_id", "bucket", ...SUMS].join(", ");

type Grain = "hour" | "day";
const GRAIN_MS: Record<Grain, number> = { hour: HOUR_MS, day: DAY_MS };

function finer(grain: Grain): { table: string; time: string } {
  return grain === "hour"
    ? { table: "usage_rollups", time: "minute" }
    : { table: "usage_rollups_hour", time: "bucket" };
}

/** Recomputes one tenant's buckets of `grain` in [from, to) (multiples of the grain) from the finer table. */
export async function foldBuckets(db: Db, grain: Grain, tenantId: string, from: number, to: number): Promise<void> {
  const ms = GRAIN_MS[grain];
  const src = finer(grain);
  const target = `usage_rollups_${grain}`;
  const bucketExpr = sql`(${sql.ref(src.time)} / ${sql.lit(ms)}) * ${sql.lit(ms)}`;
  await inTransaction(db, async (trx) => {
    // Both tables have a (tenant, time) index.
    await sql`delete from ${sql.table(target)} where tenant_id = ${tenantId} and bucket >= ${from} and bucket < ${to}`.execute(
      trx,
    );
    await sql`insert into ${sql.table(target)} (${sql.raw(COLUMNS)})
      select tenant_id, api_id, endpoint, app_id, ${bucketExpr}, ${sql.raw(SUMS.map((c) => `sum(${c})`).join(", "))}
      from ${sql.table(src.table)} where tenant_id = ${tenantId}
        and ${sql.ref(src.time)} >= ${from} and ${sql.ref(src.time)} < ${to}
      group by tenant_id, api_id, endpoint, app_id, ${bucketExpr}`.execute(trx);
  });
}

const KINDS = [
  ["tenant", null, null],
  ["api", "api_id", null],
  ["endpoint", "api_id", "endpoint"],
  ["app", "api_id", "app_id"],
] as const;

/**
 * The projection rows of one tenant and kind in [from, to), by primary key (tenant, kind, api, bucket): the tenant's
 * API ids are listed (the projections have no index led by the bucket, decision 091).
 */
function projectionRows(
  kind: (typeof KINDS)[number][0],
  tenantId: string,
  apiIds: readonly string[],
  from: number,
  to: number,
) {
  const apis = kind === "tenant" ? sql`api_id = ''` : sql`api_id in (${sql.join(apiIds)})`;
  return sql`tenant_id = ${tenantId} and kind = ${kind} and ${apis} and bucket >= ${from} and bucket < ${to}`;
}

/**
 * Recomputes one tenant's projections (the tenant, per API, per API endpoint, per API app) of `grain` in [from, to),
 * each row with its pair's running total of calls (`cum_calls`, migration 091): the total before `from` (the pair's
 * latest row before it, already final: folds run oldest first) plus the running sum inside the chunk.
 */
export async function foldDimensions(db: Db, grain: Grain, tenantId: string, from: number, to: number): Promise<void> {
  const source = `usage_rollups_${grain}`;
  const target = `usage_rollups_${grain}_dim`;
  const sums = sql.raw(SUMS.map((c) => `sum(${c}) as ${c}`).join(", "));
  const plainOf = (alias: string) => sql.raw(SUMS.map((c) => `${alias}.${c}`).join(", "));
  const columns = sql.raw(["tenant_id", "kind", "api_id", "dim", "bucket", ...SUMS, "cum_calls"].join(", "));
  const apiIds = (
    await db.kysely.selectFrom("usage_series").select("api_id").distinct().where("tenant_id", "=", tenantId).execute()
  ).map((r) => r.api_id);
  await inTransaction(db, async (trx) => {
    for (const [kind, api, dim] of KINDS) {
      if (kind !== "tenant" && apiIds.length === 0) continue;
      await sql`delete from ${sql.table(target)} where ${projectionRows(kind, tenantId, apiIds, from, to)}`.execute(
        trx,
      );
      const apiKey = api === null ? sql.lit("") : sql.ref(api);
      const dimKey = dim === null ? sql.lit("") : sql.ref(dim);
      const groupBy = sql.join([
        sql.ref("tenant_id"),
        ...[api, dim].filter((c) => c !== null).map((c) => sql.ref(c)),
        sql.ref("bucket"),
      ]);
      // Each pair's total before the chunk, looked up once per pair (on its first row of the chunk) and spread over its
      // rows by a window: its latest-totals row when that is older than the chunk (a fold moving forward), else a seek
      // for its latest row before `from`. No join, so no plan depends on the new tables' statistics.
      const latestBefore = sql`(select l.cum_calls from ${sql.table(`usage_rollups_${grain}_latest`)} l
        where l.tenant_id = ${tenantId} and l.kind = ${sql.lit(kind)} and l.api_id = w.api_id and l.dim = w.dim
          and l.bucket < ${from})`;
      const seekBefore = sql`(select p.cum_calls from ${sql.table(target)} p where p.tenant_id = ${tenantId}
        and p.kind = ${sql.lit(kind)} and p.api_id = w.api_id and p.dim = w.dim and p.bucket < ${from}
        order by p.bucket desc limit 1)`;
      await sql`insert into ${sql.table(target)} (${columns})
        select v.tenant_id, ${sql.lit(kind)}, v.api_id, v.dim, v.bucket, ${plainOf("v")},
          v.running + max(v.prior) over (partition by v.api_id, v.dim)
        from (select w.*, case when w.n = 1 then coalesce(${latestBefore}, ${seekBefore}, 0) end as prior
          from (select g.*, row_number() over (partition by g.api_id, g.dim order by g.bucket) as n,
              sum(g.calls) over (partition by g.api_id, g.dim order by g.bucket rows unbounded preceding) as running
            from (select tenant_id, ${apiKey} as api_id, ${dimKey} as dim, bucket, ${sums} from ${sql.table(source)}
              where tenant_id = ${tenantId} and bucket >= ${from} and bucket < ${to} group by ${groupBy}) g) w) v`.execute(
        trx,
      );
      await upsertLatestTotals(trx, grain, sql`where ${projectionRows(kind, tenantId, apiIds, from, to)}`);
    }
  });
}

/**
 * Moves each pair's latest running total (migration 092) to its newest row among the projection rows just written. A
 * refold of the same chunk writes the same values; a chunk older than a pair's latest row (never the case: folds run
 * oldest first up to the open bucket) leaves that row alone.
 */
async function upsertLatestTotals(trx: DbTransaction, grain: Grain, rows: RawBuilder<unknown>): Promise<void> {
  const latest = sql.table(`usage_rollups_${grain}_latest`);
  await sql`insert into ${latest} (tenant_id, kind, api_id, dim, bucket, cum_calls)
    select tenant_id, kind, api_id, dim, bucket, cum_calls from (select tenant_id, kind, api_id, dim, bucket, cum_calls,
        row_number() over (partition by tenant_id, kind, api_id, dim order by bucket desc) as n
      from ${sql.table(`usage_rollups_${grain}_dim`)} ${rows}) x
    where n = 1
    on conflict (tenant_id, kind, api_id, dim) do update set bucket = excluded.bucket, cum_calls = excluded.cum_calls
      where excluded.bucket >= ${latest}.bucket`.execute(trx);
}

/** One tenant's latest folded bucket of a grain (null: none yet). One seek on the (tenant, time) index. */
export async function selectLastFolded(db: Db, grain: Grain, tenantId: string): Promise<number | null> {
  const { rows } = await sql<{ t: string | number | null }>`select max(bucket) as t from ${sql.table(
    `usage_rollups_${grain}`,
  )} where tenant_id = ${tenantId}`.execute(db.kysely);
  const t = rows[0]?.t;
  return t === null || t === undefined ? null : Number(t);
}

/**
 * The start of one tenant's first finer row at or after `since` (null: nothing to fold there), so the fold skips a
 * tenant's idle stretches instead of walking them chunk by chunk. One seek on the (tenant, time) index.
 */
export async function selectFirstToFold(db: Db, grain: Grain, tenantId: string, since: number): Promise<number | null> {
  const src = finer(grain);
  const { rows } = await sql<{ t: string | number | null }>`select min(${sql.ref(src.time)}) as t from ${sql.table(
    src.table,
  )} where tenant_id = ${tenantId} and ${sql.ref(src.time)} >= ${since}`.execute(db.kysely);
  const t = rows[0]?.t;
  return t === null || t === undefined ? null : Number(t);
}

/** Deletes one tenant's raw calls and minute rollups older than `before`; the hour and day rollups stay. */
export async function deleteRawUsageBefore(db: Db, tenantId: string, before: number): Promise<number> {
  const result = await sql`delete from usage_records where created_at < ${before}
    and series_id in (select id from usage_series where tenant_id = ${tenantId})`.execute(db.kysely);
  await sql`delete from usage_rollups where tenant_id = ${tenantId} and minute < ${before}`.execute(db.kysely);
  return Number(result.numAffectedRows ?? 0);
}

export async function selectTenantConfigs(db: Db): Promise<Array<{ id: string; config: string }>> {
  return db.kysely.selectFrom("tenants").select(["id", "config"]).execute();
}

export async function selectTenantIds(db: Db): Promise<string[]> {
  return (await db.kysely.selectFrom("tenants").select("id").execute()).map((r) => r.id);
}
