import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
/* SQL of e-mail verification (decision 022). Every function takes (db, tenantId, ...). */

export async function insertEmailVerification(
  db: DbOrTrx,
  tenantId: string,
  row: { id: string; userId: string; email: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await kyselyOf(db)
    .insertInto("email_verifications")
    .values({
      id: row.id,
      tenant_id: tenantId,
      user_id: row.userId,
      email: row.email,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Marks an unused, unexpired link as used (compare-and-set on used_at, so two clicks cannot both redeem it) and
 * returns its user and address; undefined when the link is not redeemable.
 */
export async function redeemEmailVerification(
  db: DbOrTrx,
  tenantId: string,
  id: string,
  now: number,
): Promise<{ userId: string; email: string } | undefined> {
  const k = kyselyOf(db);
  const row = await k
    .selectFrom("email_verifications")
    .select(["user_id", "email", "expires_at", "used_at"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || row.used_at !== null || Number(row.expires_at) <= now) return undefined;
  const result = await k
    .updateTable("email_verifications")
    .set({ used_at: now })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { userId: row.user_id, email: row.email } : undefined;
}

/** Voids a user's other open links once one was used. */
export async function invalidateUserVerifications(db: DbOrTrx, tenantId: string, userId: string, now: number) {
  await kyselyOf(db)
    .updateTable("email_verifications")
    .set({ used_at: now })
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}

/** Records that the user proved `email`, unless the address changed meanwhile or was proven already. */
export async function markEmailVerified(
  db: DbOrTrx,
  tenantId: string,
  userId: string,
  email: string,
  now: number,
): Promise<void> {
  await kyselyOf(db)
    .updateTable("users")
    .set({ email_verified_at: now })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", userId)
    .where("email", "=", email)
    .where("email_verified_at", "is", null)
    .execute();
}

/** Deletes up to `limit` links that expired at or before `before`. */
export async function deleteExpiredVerifications(db: DbOrTrx, tenantId: string, before: number, limit: number) {
  const result = await kyselyOf(db)
    .deleteFrom("email_verifications")
    .where("tenant_id", "=", tenantId)
    .where("id", "in", (eb) =>
      eb
        .selectFrom("email_verifications")
        .select("id")
        .where("tenant_id", "=", tenantId)
        .where("expires_at", "<=", before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
