import { sql } from "kysely";
import type { Db } from "../../db/connection";
import { DAY_MS } from "./analytics-range";

/*
 * The request log's day partitions on PostgreSQL (decision 094, migration 093): usage_records_pYYYYMMDD holds the
 * calls of one UTC day, usage_records_default whatever falls outside them. On SQLite the log is one table and these
 * are no-ops.
 */

/** Days after today that always have their partition (the retention job runs hourly and keeps this horizon). */
export const PARTITION_DAYS_AHEAD = 7;

const DAY_TABLE = /^usage_records_p(\d{4})(\d{2})(\d{2})$/;

export function dayPartitionName(dayStart: number): string {
  return `usage_records_p${new Date(dayStart).toISOString().slice(0, 10).replaceAll("-", "")}`;
}

/** The UTC day a partition holds, from its name; null for any other table (the default partition). */
export function dayOfPartition(name: string): number | null {
  const m = DAY_TABLE.exec(name);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/** The day partitions there are, oldest first (empty on SQLite). */
export async function listDayPartitions(db: Db): Promise<Array<{ name: string; day: number }>> {
  if (db.dialect !== "postgres") return [];
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass('usage_records')`.execute(db.kysely);
  return rows
    .map((r) => ({ name: r.name, day: dayOfPartition(r.name) }))
    .filter((p): p is { name: string; day: number } => p.day !== null)
    .sort((a, b) => a.day - b.day);
}

/**
 * Today's partition and the next PARTITION_DAYS_AHEAD days'. A day the default partition already holds calls of
 * cannot get its own (PostgreSQL refuses to split the default); those calls stay there, are read and deleted like any
 * other, and the day is returned in `skipped`.
 */
export async function ensureDayPartitions(db: Db, now: number): Promise<{ created: string[]; skipped: string[] }> {
  const created: string[] = [];
  const skipped: string[] = [];
  if (db.dialect !== "postgres") return { created, skipped };
  const have = new Set((await listDayPartitions(db)).map((p) => p.name));
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  for (let i = 0; i <= PARTITION_DAYS_AHEAD; i++) {
    const day = today + i * DAY_MS;
    const name = dayPartitionName(day);
    if (have.has(name)) continue;
    try {
      await sql`create table if not exists ${sql.table(name)} partition of usage_records
        for values from (${sql.lit(day)}) to (${sql.lit(day + DAY_MS)})`.execute(db.kysely);
      created.push(name);
    } catch {
      skipped.push(name);
    }
  }
  return { created, skipped };
}

/** Drops the day partitions that end at or before `before` (every tenant's retention has passed them). */
export async function dropDayPartitionsBefore(db: Db, before: number): Promise<string[]> {
  const dropped: string[] = [];
  for (const partition of await listDayPartitions(db)) {
    if (partition.day + DAY_MS > before) break;
    await sql`drop table if exists ${sql.table(partition.name)}`.execute(db.kysely);
    dropped.push(partition.name);
  }
  return dropped;
}
