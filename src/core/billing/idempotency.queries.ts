import type { Db } from "../../db/connection";
import type { IdempotencyKeyRow } from "../../db/tables/billing.tables";

/*
 * SQL of the idempotency store. Claiming a key is one INSERT … ON CONFLICT DO NOTHING on the primary key
 * (tenant_id, scope, idem_key): the database decides the single winner on both dialects, never a read-then-write.
 */

/** Inserts the key as in flight; true when this call created it (and so owns the execution). */
export async function insertIdempotencyKeyIfAbsent(
  db: Db,
  tenantId: string,
  row: { scope: string; key: string; fingerprint: string; lockToken: string; now: number },
): Promise<boolean> {
  const inserted = await db.kysely
    .insertInto("billing_idempotency_keys")
    .values({
      tenant_id: tenantId,
      scope: row.scope,
      idem_key: row.key,
      fingerprint: row.fingerprint,
      state: "in_flight",
      response_json: null,
      lock_token: row.lockToken,
      locked_at: row.now,
      attempts: 1,
      created_at: row.now,
      completed_at: null,
    })
    .onConflict((oc) => oc.columns(["tenant_id", "scope", "idem_key"]).doNothing())
    .returning("lock_token")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function selectIdempotencyKey(
  db: Db,
  tenantId: string,
  scope: string,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  return db.kysely
    .selectFrom("billing_idempotency_keys")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("scope", "=", scope)
    .where("idem_key", "=", key)
    .executeTakeFirst();
}

/** Stores the outcome if this execution still holds the key; false when a takeover replaced it. */
export async function completeIdempotencyKey(
  db: Db,
  tenantId: string,
  row: { scope: string; key: string; lockToken: string; responseJson: string; now: number },
): Promise<boolean> {
  const result = await db.kysely
    .updateTable("billing_idempotency_keys")
    .set({ state: "completed", response_json: row.responseJson, completed_at: row.now })
    .where("tenant_id", "=", tenantId)
    .where("scope", "=", row.scope)
    .where("idem_key", "=", row.key)
    .where("lock_token", "=", row.lockToken)
    .where("state", "=", "in_flight")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the in-flight key held by this execution so a retry can run again (after a transient failure). */
export async function releaseIdempotencyKey(
  db: Db,
  tenantId: string,
  row: { scope: string; key: string; lockToken: string },
): Promise<void> {
  await db.kysely
    .deleteFrom("billing_idempotency_keys")
    .where("tenant_id", "=", tenantId)
    .where("scope", "=", row.scope)
    .where("idem_key", "=", row.key)
    .where("lock_token", "=", row.lockToken)
    .where("state", "=", "in_flight")
    .execute();
}

/**
 * Takes over an in-flight key whose holder stopped (crash) before `staleBefore`: one conditional UPDATE, so of several
 * retries racing for the same stale key exactly one wins.
 */
export async function takeOverStaleIdempotencyKey(
  db: Db,
  tenantId: string,
  row: { scope: string; key: string; fingerprint: string; lockToken: string; staleBefore: number; now: number },
): Promise<boolean> {
  const result = await db.kysely
    .updateTable("billing_idempotency_keys")
    .set((eb) => ({ lock_token: row.lockToken, locked_at: row.now, attempts: eb("attempts", "+", 1) }))
    .where("tenant_id", "=", tenantId)
    .where("scope", "=", row.scope)
    .where("idem_key", "=", row.key)
    .where("fingerprint", "=", row.fingerprint)
    .where("state", "=", "in_flight")
    .where("locked_at", "<", row.staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Housekeeping across tenants: forgets completed keys created before `before`. */
export async function deleteCompletedIdempotencyKeysBefore(db: Db, before: number): Promise<number> {
  const result = await db.kysely
    .deleteFrom("billing_idempotency_keys")
    .where("state", "=", "completed")
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
