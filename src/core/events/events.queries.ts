import { type RawBuilder, sql } from "kysely";
import type { Db, DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { EventsTable } from "../../db/tables/events.tables";

/** All SQL of analytics events; every function takes (db, tenantId, ...). */

export async function insertEvent(db: Db, row: EventsTable): Promise<void> {
  await db.kysely.insertInto("events").values(row).execute();
}

/** The same inside a caller's transaction (events written with the change they record). */
export async function insertEventIn(h: DbOrTrx, row: EventsTable): Promise<void> {
  await kyselyOf(h).insertInto("events").values(row).execute();
}

/** A payload field as text (JSON functions differ: json_extract in SQLite, ->> in PostgreSQL). */
function field(db: Db, name: string): RawBuilder<string> {
  return db.dialect === "postgres"
    ? sql<string>`(cast(payload as json) ->> ${sql.lit(name)})`
    : sql<string>`json_extract(payload, ${sql.lit(`$.${name}`)})`;
}

function intField(db: Db, name: string): RawBuilder<number> {
  return sql<number>`cast(${field(db, name)} as integer)`;
}

/** Byte-order text comparison on both engines, for stable tie-breaks. */
function binary(db: Db, expr: RawBuilder<unknown>): RawBuilder<unknown> {
  return db.dialect === "postgres" ? sql`${expr} collate "C"` : expr;
}

function inWindow(type: string, tenantId: string, since: number, until: number) {
  return sql`tenant_id = ${tenantId} and type = ${type} and created_at >= ${since} and created_at < ${until}`;
}

/** Search terms by how often they were searched (optionally only those that found nothing). */
export async function selectTermCounts(
  db: Db,
  tenantId: string,
  opts: { type: string; since: number; until: number; limit: number; zeroResultsOnly: boolean },
): Promise<Array<{ term: string; n: number }>> {
  const term = field(db, "term");
  const zero = opts.zeroResultsOnly ? sql`and ${intField(db, "total")} = 0` : sql``;
  const result = await sql<{ term: string; n: number }>`select ${term} as term, count(*) as n from events
    where ${inWindow(opts.type, tenantId, opts.since, opts.until)} ${zero}
    group by ${term}
    order by n desc, ${binary(db, term)} asc
    limit ${opts.limit}`.execute(db.kysely);
  return result.rows.map((r) => ({ term: String(r.term), n: Number(r.n) }));
}

export async function selectClicksByPosition(
  db: Db,
  tenantId: string,
  opts: { type: string; since: number; until: number; limit: number },
): Promise<Array<{ position: number; n: number }>> {
  const position = intField(db, "position");
  const result = await sql<{ position: number; n: number }>`select ${position} as position, count(*) as n from events
    where ${inWindow(opts.type, tenantId, opts.since, opts.until)}
    group by ${position}
    order by position asc
    limit ${opts.limit}`.execute(db.kysely);
  return result.rows.map((r) => ({ position: Number(r.position), n: Number(r.n) }));
}

export async function countEvents(db: Db, tenantId: string, type: string, since: number, until: number) {
  const row = await db.kysely
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("type", "=", type)
    .where("created_at", ">=", since)
    .where("created_at", "<", until)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
