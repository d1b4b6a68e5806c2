import type { Db } from "../../db/connection";

/** Directory specs recorded for the tenant, per outcome (done, failed). */
export async function countDirectoryImports(db: Db, tenantId: string) {
  return db.kysely
    .selectFrom("directory_imports")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("tenant_id", "=", tenantId)
    .groupBy("status")
    .execute();
}

export async function selectDirectoryRun(db: Db, tenantId: string) {
  return db.kysely
    .selectFrom("directory_import_runs")
    .select(["total", "started_at", "finished_at"])
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
}

/** Starts (or restarts) the tenant's run: one row per tenant, replaced in one transaction. */
export async function startDirectoryRun(db: Db, tenantId: string, total: number, now: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("directory_import_runs").where("tenant_id", "=", tenantId).execute();
    await trx
      .insertInto("directory_import_runs")
      .values({ tenant_id: tenantId, total, started_at: now, finished_at: null })
      .execute();
  });
}

export async function finishDirectoryRun(db: Db, tenantId: string, now: number): Promise<void> {
  await db.kysely
    .updateTable("directory_import_runs")
    .set({ finished_at: now })
    .where("tenant_id", "=", tenantId)
    .execute();
}
