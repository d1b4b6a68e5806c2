import type { Db } from "../../db/connection";
import type { NotificationsTable } from "../../db/tables/notifications.tables";

/** All SQL of notifications; every function takes (db, tenantId, ...) and filters by the recipient too. */

export async function insertNotification(db: Db, row: NotificationsTable): Promise<void> {
  await db.kysely.insertInto("notifications").values(row).execute();
}

/** Newest first; ties by id so the order is stable across pages. */
export async function selectNotifications(db: Db, tenantId: string, userId: string, offset: number, limit: number) {
  return db.kysely
    .selectFrom("notifications")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countUnread(db: Db, tenantId: string, userId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("is_read", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks one (id given) or all of the user's notifications read or unread; a read notification is no longer new.
 * Returns how many rows matched.
 */
export async function updateRead(
  db: Db,
  tenantId: string,
  userId: string,
  id: string | null,
  isRead: boolean,
): Promise<number> {
  let query = db.kysely
    .updateTable("notifications")
    .set(isRead ? { is_read: 1, is_new: 0 } : { is_read: 0 })
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId);
  if (id !== null) query = query.where("id", "=", id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
