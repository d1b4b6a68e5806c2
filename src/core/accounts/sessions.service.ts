import type { Db } from "../../db/connection";
import type { UserRow } from "../../db/schema";
import {
  deleteSession,
  deleteUserSessions,
  insertSession,
  selectRoles,
  selectSessionWithUser,
  touchSession,
} from "./accounts.queries";
import type { Viewer } from "./accounts.types";
import { hashToken, isWellFormedToken, newOpaqueToken } from "./session-tokens";

/** Spec section 9: the login token cookie lasts 7 days. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface NewSession {
  /** Goes into the cookie only; the database keeps its hash. */
  token: string;
  id: string;
  expiresAt: number;
}

export type SessionLookup =
  | { status: "none" }
  | { status: "ok"; viewer: Viewer; sessionId: string; csrfSecretHash: string | null; expiresAt: number }
  | { status: "other-tenant"; sessionId: string };

/** Opens a server-side session for a user of one tenant, optionally bound to the CSRF secret issued with it. */
export async function createSession(
  db: Db,
  tenantId: string,
  userId: string,
  options: { csrfSecretHash?: string | null; now?: number } = {},
): Promise<NewSession> {
  const now = options.now ?? Date.now();
  const token = newOpaqueToken();
  const id = hashToken(token);
  const expiresAt = now + SESSION_TTL_MS;
  await insertSession(db, {
    id,
    tenant_id: tenantId,
    user_id: userId,
    csrf_secret_hash: options.csrfSecretHash ?? null,
    created_at: now,
    expires_at: expiresAt,
    last_seen_at: now,
  });
  return { token, id, expiresAt };
}

export async function toViewer(db: Db, user: UserRow, sessionId: string | null): Promise<Viewer> {
  const roles = await selectRoles(db, user.tenant_id, user.id);
  return {
    id: user.id,
    tenantId: user.tenant_id,
    username: user.username,
    name: user.name,
    email: user.email,
    thumbnail: user.thumbnail,
    isAdmin: roles.includes("ADMIN"),
    emailVerified: user.email !== null && user.email_verified_at !== null,
    sessionId,
  };
}

/**
 * Resolves a session cookie for a request of `tenantId`. Expired sessions are deleted and look like none; a live
 * session of another tenant is reported as such so the server can refuse the request (decision 020, tenant binding).
 */
export async function lookupSession(
  db: Db,
  tenantId: string,
  token: string | undefined,
  now = Date.now(),
): Promise<SessionLookup> {
  if (!isWellFormedToken(token)) return { status: "none" };
  const id = hashToken(token);
  const found = await selectSessionWithUser(db, id);
  if (!found) return { status: "none" };
  if (Number(found.session.expires_at) <= now) {
    await deleteSession(db, id);
    return { status: "none" };
  }
  if (found.session.tenant_id !== tenantId) return { status: "other-tenant", sessionId: id };
  if (now - Number(found.session.last_seen_at) > TOUCH_EVERY_MS) await touchSession(db, id, now);
  return {
    status: "ok",
    viewer: await toViewer(db, found.user, id),
    sessionId: id,
    csrfSecretHash: found.session.csrf_secret_hash,
    expiresAt: Number(found.session.expires_at),
  };
}

/** Ends the session named by a cookie token (no-op for unknown tokens). */
export async function destroySessionByToken(db: Db, token: string | undefined): Promise<void> {
  if (!isWellFormedToken(token)) return;
  await deleteSession(db, hashToken(token));
}

export async function destroySession(db: Db, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/** Signs a user out everywhere (after a password reset), or everywhere but the current session (password change). */
export async function destroyAllSessions(
  db: Db,
  tenantId: string,
  userId: string,
  exceptSessionId?: string | null,
): Promise<void> {
  await deleteUserSessions(db, tenantId, userId, exceptSessionId ?? undefined);
}
