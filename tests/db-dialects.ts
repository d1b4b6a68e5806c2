import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { type Db, type DialectName, openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";
import { databaseUrlFor, pgSkipped, withAdminClient } from "./test-postgres";

export { pgSkipped, testDatabaseUrl } from "./test-postgres";

/**
 * Database-tier harness: a `*.db.test.ts` suite runs once on SQLite (fresh temp file) and once on PostgreSQL (a fresh,
 * uniquely named database created on the test server and dropped afterwards, so parallel runs never collide).
 * An unreachable PostgreSQL fails the PG half; PORTICO_SKIP_PG=1 is the only way to skip it.
 */

export const DIALECTS: readonly DialectName[] = ["sqlite", "postgres"];

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

/**
 * The migrated template the db tier's global set-up made (tests/db-templates.global.ts), or "" where there is none
 * (the unit tier's integration tests, a PostgreSQL that was unreachable): the database is then migrated here.
 */
function template(key: "sqliteTemplate" | "postgresTemplate"): string {
  try {
    return inject(key) ?? "";
  } catch {
    return "";
  }
}

async function openSqlite(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-db-"));
  const file = path.join(dir, "test.sqlite");
  const copyOf = template("sqliteTemplate");
  if (copyOf) fs.copyFileSync(copyOf, file);
  const db = openDatabase({ databaseUrl: `sqlite:${file}`, dataDir: dir });
  try {
    if (!copyOf) await migrateToLatest(db);
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

async function openPostgres(): Promise<TestDatabase> {
  // Lowercase letters and digits only, so the name needs no quoting rules beyond the double quotes.
  const name = `portico_t_${process.pid}_${randomBytes(6).toString("hex")}`;
  const copyOf = template("postgresTemplate");
  await withAdminClient((client) =>
    client.query(copyOf ? `CREATE DATABASE "${name}" TEMPLATE "${copyOf}"` : `CREATE DATABASE "${name}"`),
  );
  const url = databaseUrlFor(name);
  const db = openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), poolSize: 4 });
  const drop = async () => {
    await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };
  try {
    if (!copyOf) await migrateToLatest(db);
  } catch (error) {
    await db.close();
    await drop();
    throw error;
  }
  return {
    db,
    dialect: "postgres",
    url,
    dispose: async () => {
      await db.close();
      await drop();
    },
  };
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
