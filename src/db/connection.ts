import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

/** The Kysely handle or an open transaction: query functions accept either so services can compose them. */
export type DbExecutor = Kysely<Database>;
/** The one transaction type. */
export type DbTransaction = Transaction<Database>;
/** A database, or a handle/transaction already taken from one. */
export type DbOrTrx = Db | DbExecutor;

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// PostgreSQL returns int8 (bigint) as strings; our bigints are epoch milliseconds and counters, all far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// numeric -> number (averages, percentages; money is kept in integer minor units, never numeric).
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/** Opens the database named by DATABASE_URL, or the embedded SQLite file under the data dir. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): Db {
  const url = options.databaseUrl;
  if (url && (url.startsWith("postgres://") || url.startsWith("postgresql://"))) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle client that loses its connection (server restart, a dropped test database) emits 'error' on the pool;
    // without a listener that would crash the process. The pool discards the client and the next query reconnects.
    pool.on("error", () => {});
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: "postgres", close: () => kysely.destroy() };
  }
  const file = url?.startsWith("sqlite:") ? url.slice("sqlite:".length) : path.join(options.dataDir, "portico.sqlite");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // Search reads FTS doclists and documents all over the file: a 64 MB page cache and memory-mapped reads keep a
  // 100,000-API catalog's index in memory (the default cache is 2 MB). See docs/decisions/010-search-at-scale.md.
  sqlite.pragma("cache_size = -65536");
  sqlite.pragma("mmap_size = 268435456");
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: "sqlite", close: () => kysely.destroy() };
}
