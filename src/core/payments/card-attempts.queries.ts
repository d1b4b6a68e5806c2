import type { Db } from "../../db/connection";
import type { PaymentAttemptKind, PaymentAttemptOutcome } from "../../db/tables/payments.tables";

const COUNTED: PaymentAttemptOutcome[] = ["pending", "failed"];

export async function insertPaymentAttempt(
  db: Db,
  tenantId: string,
  row: { id: string; userId: string; ip: string; kind: PaymentAttemptKind; now: number },
): Promise<void> {
  await db.kysely
    .insertInto("payment_attempts")
    .values({
      id: row.id,
      tenant_id: tenantId,
      user_id: row.userId,
      ip: row.ip,
      kind: row.kind,
      outcome: "pending",
      created_at: row.now,
    })
    .execute();
}

export async function setPaymentAttemptOutcome(
  db: Db,
  tenantId: string,
  id: string,
  outcome: PaymentAttemptOutcome,
): Promise<void> {
  await db.kysely
    .updateTable("payment_attempts")
    .set({ outcome })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .execute();
}

/** Failed or still-pending attempts of one user (or one IP) since `since`, and the oldest of them. */
export async function countCountedAttempts(
  db: Db,
  tenantId: string,
  by: { column: "user_id" | "ip"; value: string; since: number },
): Promise<{ count: number; oldest: number | null }> {
  const row = await db.kysely
    .selectFrom("payment_attempts")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.min<number | null>("created_at").as("oldest"),
    ])
    .where("tenant_id", "=", tenantId)
    .where(by.column, "=", by.value)
    .where("created_at", ">", by.since)
    .where("outcome", "in", COUNTED)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest == null ? null : Number(row.oldest) };
}

/** Housekeeping across tenants. */
export async function deletePaymentAttemptsBefore(db: Db, before: number): Promise<number> {
  const result = await db.kysely.deleteFrom("payment_attempts").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
