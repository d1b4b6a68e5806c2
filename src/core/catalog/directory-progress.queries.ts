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
