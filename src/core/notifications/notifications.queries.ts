import type { Db } from "../../db/connection";
import { type NotificationsTable, notificationsKysely } from "./notifications.tables";

/** All SQL of notifications; every function takes (db, tenantId, ...) and filters by the recipient too. */

export async function insertNotification(db: Db, row: NotificationsTable): Promise<void> {
  await notificationsKysely(db).insertInto("notifications").values(row).execute();
}

/** Newest first; ties by id so the order is stable. */
export async function selectNotifications(db: Db, tenantId: string, userId: string, limit: number) {
  return notificationsKysely(db)
    .selectFrom("notifications")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function countNotifications(db: Db, tenantId: string, userId: string, flag: "is_new" | "unread") {
  let query = notificationsKysely(db)
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId);
  query = flag === "is_new" ? query.where("is_new", "=", 1) : query.where("is_read", "=", 0);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateAllSeen(db: Db, tenantId: string, userId: string): Promise<void> {
  await notificationsKysely(db)
    .updateTable("notifications")
    .set({ is_new: 0 })
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("is_new", "=", 1)
    .execute();
}

/** Marks one (id given) or all of the user's notifications read (and seen); returns how many rows matched. */
export async function updateRead(db: Db, tenantId: string, userId: string, id: string | null): Promise<number> {
  let query = notificationsKysely(db)
    .updateTable("notifications")
    .set({ is_read: 1, is_new: 0 })
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId);
  if (id !== null) query = query.where("id", "=", id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
