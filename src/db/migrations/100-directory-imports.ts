import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * Issue 15: the APIs.guru directory is imported in the background after the first start (decision 100). One row per
 * directory spec and tenant records what became of it (imported into which API, or skipped and why), so the import
 * resumes where it stopped after a restart, never imports a spec twice, and /admin can show its progress.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("directory_imports")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    // The directory's spec id, e.g. "amazonaws.com/acm" or "xkcd.com".
    .addColumn("spec_id", "text", (c) => c.notNull())
    // done | failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("api_id", "text", (c) => c.references("apis.id").onDelete("set null"))
    .addColumn("reason", "text")
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("endpoints", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("directory_imports_pk", ["tenant_id", "spec_id"])
    .execute();
  // The current (or last) run per tenant: how many specs it set out to do, and whether it finished. Kept in the
  // database, not in memory, so /admin in any process (or bundle) sees the same progress.
  await db.schema
    .createTable("directory_import_runs")
    .addColumn("tenant_id", "text", (c) => c.primaryKey().references("tenants.id").onDelete("cascade"))
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("finished_at", "bigint")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("directory_import_runs").ifExists().execute();
  await db.schema.dropTable("directory_imports").ifExists().execute();
}
