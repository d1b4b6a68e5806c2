import type { Db } from "../../db/connection";
import type { AlertState, AnalyticsAlertsTable } from "../../db/tables/analytics.tables";

export async function insertAlert(db: Db, row: AnalyticsAlertsTable): Promise<void> {
  await db.kysely.insertInto("analytics_alerts").values(row).execute();
}

export async function selectAlertsOfOwner(db: Db, tenantId: string, ownerId: string) {
  return db.kysely
    .selectFrom("analytics_alerts")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("owner_id", "=", ownerId)
    .orderBy("created_at")
    .execute();
}

export async function countAlertsOfOwner(db: Db, tenantId: string, ownerId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom("analytics_alerts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteAlertOfOwner(db: Db, tenantId: string, ownerId: string, id: string): Promise<number> {
  const result = await db.kysely
    .deleteFrom("analytics_alerts")
    .where("tenant_id", "=", tenantId)
    .where("owner_id", "=", ownerId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every alert of every tenant (the worker's sweep; few rows per provider). */
export async function selectAllAlerts(db: Db) {
  return db.kysely.selectFrom("analytics_alerts").selectAll().orderBy("tenant_id").limit(10_000).execute();
}

/**
 * Records a check; moving to "firing" succeeds only from "ok" (a compare-and-set), so two workers checking at once
 * notify once.
 */
export async function updateAlertState(
  db: Db,
  tenantId: string,
  id: string,
  from: AlertState,
  to: AlertState,
  value: number | null,
  now: number,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable("analytics_alerts")
    .set({
      state: to,
      last_value: value,
      checked_at: now,
      ...(to === "firing" && from === "ok" ? { last_fired_at: now } : {}),
    })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .where("state", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
