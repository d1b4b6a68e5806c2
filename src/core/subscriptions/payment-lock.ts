/*
 * One money-moving request at a time per (app, API) subscription (decision 046). The idempotency ledger makes one
 * key charge once; this makes two *different* keys (two tabs, two members of an organization) unable to both charge
 * for the same subscription: the second is answered 409 while the first holds the lock, and when it sends again it
 * finds the subscription done and is not charged. The lock is a row claimed with INSERT … ON CONFLICT DO NOTHING
 * (the database picks the one winner on SQLite and PostgreSQL); a holder that crashed is taken over once stale.
 */
import type { Db } from "../../db/connection";
import { AppError } from "../errors/app-error";

/** Longer than any payment takes; a lock older than this belongs to a crashed request. */
export const PAYMENT_LOCK_STALE_MS = 5 * 60 * 1000;

export const PAYMENT_IN_PROGRESS_MESSAGE =
  "A payment for this subscription is already in progress. Please wait a moment and try again.";

export interface PaymentLockTarget {
  appId: string;
  apiId: string;
}

/**
 * Runs `fn` holding the (app, API) payment lock. `holder` identifies the request (a step key of its idempotent
 * request), so its own retry after a crash takes the lock back at once. CONFLICT (transient: the request's
 * idempotency key is released, not answered) when another request holds it.
 */
export async function withSubscriptionPaymentLock<T>(
  db: Db,
  tenantId: string,
  target: PaymentLockTarget,
  holder: string,
  now: () => number,
  fn: () => Promise<T>,
): Promise<T> {
  if (!(await acquire(db, tenantId, target, holder, now()))) {
    throw new AppError("CONFLICT", PAYMENT_IN_PROGRESS_MESSAGE, {
      reason: "payment_in_progress",
      transient: true,
      retryAfterMs: 1000,
    });
  }
  try {
    return await fn();
  } finally {
    await db.kysely
      .deleteFrom("subscription_payment_locks")
      .where("tenant_id", "=", tenantId)
      .where("app_id", "=", target.appId)
      .where("api_id", "=", target.apiId)
      .where("holder", "=", holder)
      .execute();
  }
}

async function acquire(
  db: Db,
  tenantId: string,
  target: PaymentLockTarget,
  holder: string,
  at: number,
): Promise<boolean> {
  const h = db.kysely;
  // Bounded: the only way round again is a lock released between our INSERT and our SELECT.
  for (let round = 0; round < 3; round++) {
    const claimed = await h
      .insertInto("subscription_payment_locks")
      .values({ tenant_id: tenantId, app_id: target.appId, api_id: target.apiId, holder, locked_at: at })
      .onConflict((oc) => oc.columns(["tenant_id", "app_id", "api_id"]).doNothing())
      .returning("holder")
      .executeTakeFirst();
    if (claimed) return true;
    const existing = await h
      .selectFrom("subscription_payment_locks")
      .select(["holder", "locked_at"])
      .where("tenant_id", "=", tenantId)
      .where("app_id", "=", target.appId)
      .where("api_id", "=", target.apiId)
      .executeTakeFirst();
    if (!existing) continue;
    if (existing.holder !== holder && Number(existing.locked_at) >= at - PAYMENT_LOCK_STALE_MS) return false;
    // Our own crashed attempt, or a stale holder: take it over with a conditional update (one winner).
    const taken = await h
      .updateTable("subscription_payment_locks")
      .set({ holder, locked_at: at })
      .where("tenant_id", "=", tenantId)
      .where("app_id", "=", target.appId)
      .where("api_id", "=", target.apiId)
      .where("holder", "=", existing.holder)
      .where("locked_at", "=", existing.locked_at)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0;
  }
  return false;
}
