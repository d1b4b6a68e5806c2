import type { Insertable, Kysely } from "kysely";
import type { Database } from "../schema";

/** SQLite allows 32,766 bound variables per statement (PostgreSQL 65,535); stay well under both. */
const MAX_VARIABLES = 30_000;

/** Multi-row inserts, chunked so no statement exceeds the bound-variable limit. Call inside a transaction. */
export async function insertInChunks<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const size = Math.max(1, Math.floor(MAX_VARIABLES / Object.keys(first).length));
  for (let i = 0; i < rows.length; i += size) {
    // Kysely cannot relate a generic table name to its row type; the signature above keeps callers typed.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}
