import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/connection";
import type { LedgerAuthorizationRow, PaymentAuthorizationsTable } from "../../db/tables/payments.tables";

/** Records an authorization before the processor is called; false when a row with this key already exists. */
export async function insertLedgerAuthorizationIfAbsent(
  db: Db,
  tenantId: string,
  row: Omit<Insertable<PaymentAuthorizationsTable>, "tenant_id">,
): Promise<boolean> {
  const inserted = await db.kysely
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
  return db.kysely
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
  return db.kysely
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
  await db.kysely
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
  return db.kysely
    .selectFrom("payment_authorizations")
    .selectAll()
    .where("status", "in", ["requested", "authorized"])
    .where("created_at", "<=", options.createdBefore)
    .where("void_after", "<=", options.now)
    .orderBy("created_at")
    .limit(options.limit)
    .execute();
}

/**
 * Reconciliation sweep across tenants: captured payment charges older than `capturedBefore` that no invoice records
 * as its payment (invoices.payment_reference is the processor's charge id), oldest first.
 */
export function selectUnrecordedCaptures(
  db: Db,
  options: { capturedBefore: number; limit: number },
): Promise<LedgerAuthorizationRow[]> {
  return db.kysely

    .selectFrom("payment_authorizations as pa")
    .selectAll("pa")
    .where("pa.purpose", "=", "payment")
    .where("pa.status", "=", "captured")
    .where("pa.captured_at", "<=", options.capturedBefore)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("invoices as i")
            .select("i.payment_reference")
            .whereRef("i.tenant_id", "=", "pa.tenant_id")
            .whereRef("i.payment_reference", "=", "pa.processor_authorization_id"),
        ),
      ),
    )
    .orderBy("pa.captured_at")
    .limit(options.limit)
    .execute();
}

/** Moves a ledger row from `from` to `patch.status`; false when another sweep moved it first. */
export async function updateLedgerAuthorizationFrom(
  db: Db,
  tenantId: string,
  id: string,
  from: LedgerAuthorizationRow["status"],
  patch: Omit<Updateable<PaymentAuthorizationsTable>, "id" | "tenant_id">,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable("payment_authorizations")
    .set(patch)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
