import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/connection";
import type { PlanObjectsTable, PlansTable } from "../../db/tables/gateway.tables";

export async function selectPlansForApi(db: Db, tenantId: string, apiId: string) {
  return db.kysely
    .selectFrom("plans")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .orderBy("position")
    .orderBy("created_at")
    .execute();
}

export async function selectPlanById(db: Db, tenantId: string, planId: string) {
  return db.kysely
    .selectFrom("plans")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", planId)
    .executeTakeFirst();
}

export async function selectPlanObjects(db: Db, tenantId: string, planIds: readonly string[]) {
  if (planIds.length === 0) return [];
  return db.kysely
    .selectFrom("plan_objects")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("plan_id", "in", planIds)
    .orderBy("position")
    .execute();
}

export async function countPlansForApi(db: Db, tenantId: string, apiId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom("plans")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The current version's endpoints of an API as "METHOD /path" templates. */
export async function selectEndpointTemplates(db: Db, tenantId: string, apiId: string): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom("api_endpoints")
    .innerJoin("apis", "apis.current_version_id", "api_endpoints.version_id")
    .select(["api_endpoints.method", "api_endpoints.path"])
    .where("apis.tenant_id", "=", tenantId)
    .where("apis.id", "=", apiId)
    .where("api_endpoints.tenant_id", "=", tenantId)
    .where("api_endpoints.kind", "=", "operation")
    .orderBy("api_endpoints.position")
    .execute();
  return rows.map((r) => `${r.method.toUpperCase()} ${r.path}`);
}

/** Inserts the plan and its objects; run it inside withPlanWrite (api-pricing.ts), which owns the transaction. */
export async function insertPlanWithObjects(
  tx: Db,
  plan: Insertable<PlansTable>,
  objects: Array<Insertable<PlanObjectsTable>>,
): Promise<void> {
  const k = tx.kysely;
  await k.insertInto("plans").values(plan).execute();
  if (objects.length > 0) await k.insertInto("plan_objects").values(objects).execute();
}

/**
 * Updates the plan; when `objects` is given they replace the plan's objects. Run it inside withPlanWrite
 * (api-pricing.ts), which owns the transaction.
 */
export async function updatePlanWithObjects(
  tx: Db,
  tenantId: string,
  planId: string,
  changes: Updateable<PlansTable>,
  objects: Array<Insertable<PlanObjectsTable>> | null,
): Promise<void> {
  const k = tx.kysely;
  await k.updateTable("plans").set(changes).where("tenant_id", "=", tenantId).where("id", "=", planId).execute();
  if (objects === null) return;
  await k.deleteFrom("plan_objects").where("tenant_id", "=", tenantId).where("plan_id", "=", planId).execute();
  if (objects.length > 0) await k.insertInto("plan_objects").values(objects).execute();
}

export async function selectApiOwner(db: Db, tenantId: string, apiId: string) {
  return db.kysely
    .selectFrom("apis")
    .select(["id", "owner_id", "pricing_type"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .executeTakeFirst();
}
