import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { type Db, type DialectName, openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";

/**
 * Database-tier harness: a `*.db.test.ts` suite runs once on SQLite (fresh temp file) and once on PostgreSQL (a fresh,
 * uniquely named database created on the test server and dropped afterwards, so parallel runs never collide).
 * An unreachable PostgreSQL fails the PG half; PORTICO_SKIP_PG=1 is the only way to skip it.
 */

export const DIALECTS: readonly DialectName[] = ["sqlite", "postgres"];

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
}

export function pgSkipped(): boolean {
  return process.env.PORTICO_SKIP_PG === "1";
}

export interface TestDatabase {
  db: Db;
  dialect: DialectName;
  /** The connection URL (another process may open the same database). */
  url: string;
  /** Closes the connection and removes the file or drops the database. */
  dispose(): Promise<void>;
}

/** Opens a brand-new, migrated database of the given dialect. */
export async function openTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  return dialect === "sqlite" ? openSqlite() : openPostgres();
}

async function openSqlite(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-db-"));
  const db = openDatabase({ databaseUrl: `sqlite:${path.join(dir, "test.sqlite")}`, dataDir: dir });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    db,
    dialect: "sqlite",
    url: `sqlite:${path.join(dir, "test.sqlite")}`,
    dispose: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = testDatabaseUrl();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL at ${redact(url)} is unreachable (${reason}). Start it, point TEST_DATABASE_URL at one, ` +
        "or set PORTICO_SKIP_PG=1 to skip the PostgreSQL half.",
    );
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function openPostgres(): Promise<TestDatabase> {
  // Lowercase letters and digits only, so the name needs no quoting rules beyond the double quotes.
  const name = `portico_t_${process.pid}_${randomBytes(6).toString("hex")}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: 4 });
  const drop = async () => {
    await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    await drop();
    throw error;
  }
  return {
    db,
    dialect: "postgres",
    url: url.toString(),
    dispose: async () => {
      await db.close();
      await drop();
    },
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(invalid TEST_DATABASE_URL)";
  }
}

export interface DialectSuite {
  dialect: DialectName;
  /** The suite's migrated database; valid inside tests and hooks (it is opened in beforeAll). */
  db(): Db;
}

/**
 * Declares the suite once per dialect, each on its own fresh database shared by the suite's tests.
 * Suite titles end in [sqlite] / [postgres] so a failure names its dialect.
 */
export function describeEachDialect(title: string, body: (suite: DialectSuite) => void): void {
  for (const dialect of DIALECTS) {
    const declare = dialect === "postgres" && pgSkipped() ? describe.skip : describe;
    declare(`${title} [${dialect}]`, () => {
      let handle: TestDatabase | undefined;
      beforeAll(async () => {
        handle = await openTestDatabase(dialect);
      });
      afterAll(async () => {
        await handle?.dispose();
      });
      body({
        dialect,
        db: () => {
          if (!handle) throw new Error(`The ${dialect} test database is not open (did beforeAll fail?)`);
          return handle.db;
        },
      });
    });
  }
}
