import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * PostgreSQL: the request log (usage_records) partitioned by UTC day of created_at (docs/decisions/094-usage-records-
 * partitions.md), so retention past every tenant's limit drops whole days instead of deleting rows. One partition per
 * day that has rows, and for today and the next seven days (the worker keeps that horizon); a default partition takes
 * any call outside them (a clock far off, a worker stopped for a week), so a write is never refused. SQLite: unchanged.
 */

const DAY_MS = 86_400_000;
const DAYS_AHEAD = 7;
const COLUMNS = sql`series_id, status, reason, billable, latency_us, bytes_in, bytes_out, created_at, request_id`;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function dayName(dayStart: number): string {
  return `usage_records_p${new Date(dayStart).toISOString().slice(0, 10).replaceAll("-", "")}`;
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table usage_records rename to usage_records_unpartitioned`.execute(db);
  await sql`drop index usage_records_series_time`.execute(db);
  await sql`create table usage_records (
      series_id text not null, status integer not null, reason text not null, billable integer not null,
      latency_us bigint not null, bytes_in bigint not null, bytes_out bigint not null, created_at bigint not null,
      request_id text
    ) partition by range (created_at)`.execute(db);
  await sql`create index usage_records_series_time on usage_records (series_id, created_at)`.execute(db);
  await sql`create table usage_records_default partition of usage_records default`.execute(db);
  const { rows } = await sql<{ day: string | number }>`select distinct (created_at / ${DAY_MS}) * ${DAY_MS} as day
    from usage_records_unpartitioned`.execute(db);
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const days = new Set(rows.map((r) => Number(r.day)));
  for (let i = 0; i <= DAYS_AHEAD; i++) days.add(today + i * DAY_MS);
  for (const day of [...days].sort((a, b) => a - b)) {
    await sql`create table ${sql.table(dayName(day))} partition of usage_records
      for values from (${sql.lit(day)}) to (${sql.lit(day + DAY_MS)})`.execute(db);
  }
  await sql`insert into usage_records (${COLUMNS}) select ${COLUMNS} from usage_records_unpartitioned`.execute(db);
  await sql`drop table usage_records_unpartitioned`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table usage_records rename to usage_records_partitioned`.execute(db);
  await sql`alter index usage_records_series_time rename to usage_records_partitioned_series_time`.execute(db);
  await sql`create table usage_records (
      series_id text not null, status integer not null, reason text not null, billable integer not null,
      latency_us bigint not null, bytes_in bigint not null, bytes_out bigint not null, created_at bigint not null,
      request_id text
    )`.execute(db);
  await sql`insert into usage_records (${COLUMNS}) select ${COLUMNS} from usage_records_partitioned`.execute(db);
  await sql`drop table usage_records_partitioned`.execute(db);
  await sql`create index usage_records_series_time on usage_records (series_id, created_at)`.execute(db);
}
