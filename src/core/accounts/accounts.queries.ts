import { sql } from "kysely";
import type { DbOrTrx } from "../../db/connection";
import { kyselyOf } from "../../db/executor";
import type { UserRow } from "../../db/schema";
import type { SessionsTable, TenantRole } from "../../db/tables/accounts.tables";
import type { ThrottleState } from "./login-throttle";
/*
 * All SQL of the accounts domain (users, credentials, roles, sessions, sign-in throttle, password resets, outbox);
 * the /admin user list and admin-role lock are tenant-admin.queries.ts.
 * Every tenant-scoped function takes (db, tenantId, ...). The one exception is the session lookup by token hash: the
 * caller compares the session's tenant with the request's, so a mismatch can be refused rather than look signed out.
 */

// ---- users ----

export async function selectUserById(db: DbOrTrx, tenantId: string, userId: string): Promise<UserRow | undefined> {
  return kyselyOf(db)
    .selectFrom("users")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", userId)
    .executeTakeFirst();
}

export async function selectUsersByIds(db: DbOrTrx, tenantId: string, userIds: string[]): Promise<UserRow[]> {
  if (userIds.length === 0) return [];
  return kyselyOf(db)
    .selectFrom("users")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "in", userIds)
    .execute();
}

/** E-mails are stored lowercased, so this is an exact match on the normalized value. */
export async function selectUserByEmail(db: DbOrTrx, tenantId: string, email: string): Promise<UserRow | undefined> {
  return kyselyOf(db)
    .selectFrom("users")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("email", "=", email)
    .executeTakeFirst();
}

/** Usernames are unique per tenant ignoring case (so "Alice" cannot impersonate "alice"). */
export async function selectUserByUsername(
  db: DbOrTrx,
  tenantId: string,
  username: string,
): Promise<UserRow | undefined> {
  return kyselyOf(db)
    .selectFrom("users")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where(sql`lower(username)`, "=", username.toLowerCase())
    .executeTakeFirst();
}

export async function selectUsersByUsernames(db: DbOrTrx, tenantId: string, usernames: string[]): Promise<UserRow[]> {
  if (usernames.length === 0) return [];
  return kyselyOf(db)
    .selectFrom("users")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where(
      sql`lower(username)`,
      "in",
      usernames.map((u) => u.toLowerCase()),
    )
    .execute();
}

export async function insertUser(db: DbOrTrx, row: UserRow): Promise<void> {
  await kyselyOf(db).insertInto("users").values(row).execute();
}

export async function updateUserFields(
  db: DbOrTrx,
  tenantId: string,
  userId: string,
  patch: Partial<Pick<UserRow, "name" | "position" | "company" | "location" | "bio" | "thumbnail">>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await kyselyOf(db)
    .updateTable("users")
    .set(patch)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", userId)
    .execute();
}

// ---- credentials and roles ----

export async function selectPasswordHash(db: DbOrTrx, tenantId: string, userId: string): Promise<string | undefined> {
  const row = await kyselyOf(db)
    .selectFrom("user_credentials")
    .select("password_hash")
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function upsertPasswordHash(
  db: DbOrTrx,
  tenantId: string,
  userId: string,
  passwordHash: string,
  now: number,
): Promise<void> {
  await kyselyOf(db)
    .insertInto("user_credentials")
    .values({ user_id: userId, tenant_id: tenantId, password_hash: passwordHash, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ password_hash: passwordHash, updated_at: now }))
    .execute();
}

export async function selectRoles(db: DbOrTrx, tenantId: string, userId: string): Promise<TenantRole[]> {
  const rows = await kyselyOf(db)
    .selectFrom("user_roles")
    .select("role")
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .execute();
  return rows.map((r) => r.role);
}

export async function insertRole(db: DbOrTrx, tenantId: string, userId: string, role: TenantRole, now: number) {
  await kyselyOf(db)
    .insertInto("user_roles")
    .values({ tenant_id: tenantId, user_id: userId, role, created_at: now })
    .onConflict((oc) => oc.columns(["tenant_id", "user_id", "role"]).doNothing())
    .execute();
}

export async function deleteRole(db: DbOrTrx, tenantId: string, userId: string, role: TenantRole) {
  await kyselyOf(db)
    .deleteFrom("user_roles")
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("role", "=", role)
    .execute();
}

// ---- sessions ----

export interface SessionWithUser {
  session: SessionsTable;
  user: UserRow;
}

/** The session with this token hash and its user, whatever the tenant (the caller checks it). */
export async function selectSessionWithUser(db: DbOrTrx, sessionId: string): Promise<SessionWithUser | undefined> {
  const k = kyselyOf(db);
  const session = await k.selectFrom("sessions").selectAll().where("id", "=", sessionId).executeTakeFirst();
  if (!session) return undefined;
  const user = await selectUserById(db, session.tenant_id, session.user_id);
  return user ? { session, user } : undefined;
}

export async function insertSession(db: DbOrTrx, row: SessionsTable): Promise<void> {
  await kyselyOf(db).insertInto("sessions").values(row).execute();
}

export async function deleteSession(db: DbOrTrx, sessionId: string): Promise<void> {
  await kyselyOf(db).deleteFrom("sessions").where("id", "=", sessionId).execute();
}

export async function deleteUserSessions(
  db: DbOrTrx,
  tenantId: string,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  let query = kyselyOf(db).deleteFrom("sessions").where("tenant_id", "=", tenantId).where("user_id", "=", userId);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  await query.execute();
}

export async function touchSession(db: DbOrTrx, sessionId: string, now: number): Promise<void> {
  await kyselyOf(db).updateTable("sessions").set({ last_seen_at: now }).where("id", "=", sessionId).execute();
}

// ---- sign-in throttle ----

export async function selectThrottle(db: DbOrTrx, tenantId: string, key: string): Promise<ThrottleState | null> {
  const row = await kyselyOf(db)
    .selectFrom("login_throttle")
    .select(["window_start", "failures", "last_failure_at"])
    .where("tenant_id", "=", tenantId)
    .where("account_key", "=", key)
    .executeTakeFirst();
  return row
    ? {
        windowStart: Number(row.window_start),
        failures: Number(row.failures),
        lastFailureAt: Number(row.last_failure_at),
      }
    : null;
}

/**
 * Compare-and-swap from the state the caller observed to the next one; false when another request changed it first.
 * This makes "check, then count the attempt" atomic, so parallel attempts cannot slip past the limit.
 */
export async function swapThrottle(
  db: DbOrTrx,
  tenantId: string,
  key: string,
  observed: ThrottleState | null,
  next: ThrottleState,
): Promise<boolean> {
  const k = kyselyOf(db);
  if (!observed) {
    const result = await k
      .insertInto("login_throttle")
      .values({
        tenant_id: tenantId,
        account_key: key,
        window_start: next.windowStart,
        failures: next.failures,
        last_failure_at: next.lastFailureAt,
      })
      .onConflict((oc) => oc.columns(["tenant_id", "account_key"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const result = await k
    .updateTable("login_throttle")
    .set({ window_start: next.windowStart, failures: next.failures, last_failure_at: next.lastFailureAt })
    .where("tenant_id", "=", tenantId)
    .where("account_key", "=", key)
    .where("window_start", "=", observed.windowStart)
    .where("failures", "=", observed.failures)
    .where("last_failure_at", "=", observed.lastFailureAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteThrottle(db: DbOrTrx, tenantId: string, key: string): Promise<void> {
  await kyselyOf(db)
    .deleteFrom("login_throttle")
    .where("tenant_id", "=", tenantId)
    .where("account_key", "=", key)
    .execute();
}

// ---- password resets ----

export async function insertPasswordReset(
  db: DbOrTrx,
  tenantId: string,
  row: { id: string; userId: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await kyselyOf(db)
    .insertInto("password_resets")
    .values({
      id: row.id,
      tenant_id: tenantId,
      user_id: row.userId,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      used_at: null,
    })
    .execute();
}

/** Marks an unused, unexpired reset as used and returns its user; undefined when the token is not redeemable. */
export async function redeemPasswordReset(
  db: DbOrTrx,
  tenantId: string,
  resetId: string,
  now: number,
): Promise<string | undefined> {
  const k = kyselyOf(db);
  const row = await k
    .selectFrom("password_resets")
    .select(["user_id", "expires_at", "used_at"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", resetId)
    .executeTakeFirst();
  if (!row || row.used_at !== null || Number(row.expires_at) <= now) return undefined;
  const result = await k
    .updateTable("password_resets")
    .set({ used_at: now })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", resetId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row.user_id : undefined;
}

export async function invalidateUserResets(db: DbOrTrx, tenantId: string, userId: string, now: number) {
  await kyselyOf(db)
    .updateTable("password_resets")
    .set({ used_at: now })
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}

// ---- purge (worker job) ----

/** Deletes up to `limit` sessions that expired before `now`; returns how many. */
export async function deleteExpiredSessions(db: DbOrTrx, tenantId: string, now: number, limit: number) {
  const k = kyselyOf(db);
  const result = await k
    .deleteFrom("sessions")
    .where("tenant_id", "=", tenantId)
    .where("id", "in", (eb) =>
      eb
        .selectFrom("sessions")
        .select("id")
        .where("tenant_id", "=", tenantId)
        .where("expires_at", "<", now)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `limit` throttle rows whose window started at or before `before` (they no longer limit anything). */
export async function deleteStaleThrottles(db: DbOrTrx, tenantId: string, before: number, limit: number) {
  const result = await kyselyOf(db)
    .deleteFrom("login_throttle")
    .where("tenant_id", "=", tenantId)
    .where("account_key", "in", (eb) =>
      eb
        .selectFrom("login_throttle")
        .select("account_key")
        .where("tenant_id", "=", tenantId)
        .where("window_start", "<=", before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `limit` password-reset rows that expired before `before` (used or not: a link is dead either way). */
export async function deleteExpiredResets(db: DbOrTrx, tenantId: string, before: number, limit: number) {
  const result = await kyselyOf(db)
    .deleteFrom("password_resets")
    .where("tenant_id", "=", tenantId)
    .where("id", "in", (eb) =>
      eb
        .selectFrom("password_resets")
        .select("id")
        .where("tenant_id", "=", tenantId)
        .where("expires_at", "<", before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
