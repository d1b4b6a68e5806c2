import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/connection";
import { type LedgerAuthorizationRow, type PaymentAuthorizationsTable, paymentsKysely } from "./payments.tables";

/** Records an authorization before the processor is called; false when a row with this key already exists. */
export async function insertLedgerAuthorizationIfAbsent(
  db: Db,
  tenantId: string,
  row: Omit<Insertable<PaymentAuthorizationsTable>, "tenant_id">,
): Promise<boolean> {
  const inserted = await paymentsKysely(db)
    .insertInto("payment_authorizations")
    .values({ ...row, tenant_id: tenantId })
    .onConflict((oc) => oc.columns(["tenant_id", "idempotency_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export function selectLedgerAuthorizationByKey(
  db: Db,
  tenantId: string,
  idempotencyKey: string,
): Promise<LedgerAuthorizationRow | undefined> {
  return paymentsKysely(db)
    .selectFrom("payment_authorizations")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
}

export function selectLedgerAuthorization(
  db: Db,
  tenantId: string,
  id: string,
): Promise<LedgerAuthorizationRow | undefined> {
  return paymentsKysely(db)
    .selectFrom("payment_authorizations")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function updateLedgerAuthorization(
  db: Db,
  tenantId: string,
  id: string,
  patch: Omit<Updateable<PaymentAuthorizationsTable>, "id" | "tenant_id">,
): Promise<void> {
  await paymentsKysely(db)
    .updateTable("payment_authorizations")
    .set(patch)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .execute();
}

/**
 * Reconciliation sweep across tenants (a worker job, not a request): uncaptured authorizations created before
 * `createdBefore` and past their own window, oldest first.
 */
export function selectOrphanAuthorizations(
  db: Db,
  options: { createdBefore: number; now: number; limit: number },
): Promise<LedgerAuthorizationRow[]> {
  return paymentsKysely(db)
    .selectFrom("payment_authorizations")
    .selectAll()
    .where("status", "in", ["requested", "authorized"])
    .where("created_at", "<=", options.createdBefore)
    .where("void_after", "<=", options.now)
    .orderBy("created_at")
    .limit(options.limit)
    .execute();
}
