import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/connection";
import { migrateToLatest } from "../src/db/migrate";
import { databaseUrlFor, pgSkipped, withAdminClient } from "./test-postgres";

/*
 * The database tier's global set-up: migrates one SQLite file and one PostgreSQL database once per run, and every
 * suite's fresh database starts as a copy of them (a file copy; CREATE DATABASE … TEMPLATE). Migrating each of the
 * ~190 suites' databases took ~1 s on PostgreSQL, most of the tier's time. A copy of a migrated database is what
 * migrating gives: the migrations are deterministic and the tests of migrating itself open their own databases.
 */

declare module "vitest" {
  interface ProvidedContext {
    /** A migrated SQLite file to copy, or "" (migrate each database). */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database to use as a template, or "" (migrate each database). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-db-template-"));
  const file = path.join(dir, "template.sqlite");
  const sqlite = openDatabase({ databaseUrl: `sqlite:${file}`, dataDir: dir });
  try {
    await migrateToLatest(sqlite);
  } finally {
    // Closing checkpoints the WAL into the file, so the one file is the whole database.
    await sqlite.close();
  }
  project.provide("sqliteTemplate", file);

  let postgresTemplate = "";
  if (!pgSkipped()) {
    postgresTemplate = await migratedPostgresTemplate().catch(() => "");
  }
  // An unreachable server leaves "" here: each PostgreSQL suite then fails with openTestDatabase's own message.
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (postgresTemplate) {
      await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${postgresTemplate}" WITH (FORCE)`));
    }
  };
}

async function migratedPostgresTemplate(): Promise<string> {
  const name = `portico_tpl_${process.pid}_${randomBytes(6).toString("hex")}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
  const db = openDatabase({ databaseUrl: databaseUrlFor(name), dataDir: os.tmpdir(), poolSize: 1 });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    throw error;
  }
  // A template must have no open connection while it is copied.
  await db.close();
  return name;
}
