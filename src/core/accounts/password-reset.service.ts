import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { AppError } from "../errors/app-error";
import type { TenantInfo } from "../tenants/tenants.types";
import {
  deleteThrottle,
  insertPasswordReset,
  invalidateUserResets,
  redeemPasswordReset,
  selectUserByEmail,
  selectUserById,
  upsertPasswordHash,
} from "./accounts.queries";
import { passwordResetRequestSchema, passwordResetSchema } from "./accounts.schemas";
import type { Viewer } from "./accounts.types";
import { reserveAttempt } from "./attempt-limits.service";
import { markEmailVerified } from "./email-verification.queries";
import { hourlyLimit } from "./login-throttle";
import { insertOutboxMail } from "./mail-outbox.queries";
import { hashPassword } from "./password";
import { hashToken, newOpaqueToken } from "./session-tokens";
import { destroyAllSessions, toViewer } from "./sessions.service";
import { fieldError, parseInput } from "./validation";
/** The one answer to every reset request, whether or not the e-mail has an account. */
export const RESET_REQUESTED = "If an account exists for this e-mail, we sent a link to reset the password.";
export const RESET_LINK_INVALID = "This reset link is not valid or has expired";
export const RESET_TTL_MS = 60 * 60 * 1000;
/** The page that redeems a link: {PUBLIC_URL}/auth/reset-password?token=...&tenant=... */
export const RESET_PAGE_PATH = "/auth/reset-password";
/** The link's query parameter naming the tenant (a link opened in a fresh browser has no tenant cookie). */
export const RESET_TENANT_PARAM = "tenant";

/**
 * The reset link: the configured public base URL (never the request's Host header, which the requester controls:
 * host-header poisoning would mail a victim a link to the attacker's host) and the tenant the account belongs to.
 */
export function resetLink(publicUrl: string, tenantId: string, token: string): string {
  const query = new URLSearchParams({ token, [RESET_TENANT_PARAM]: tenantId });
  return `${publicUrl.replace(/\/+$/, "")}${RESET_PAGE_PATH}?${query.toString()}`;
}
const RESET_LIMITS = hourlyLimit(5);

/**
 * Queues a reset link for a registered e-mail, or a "no account uses this address" note otherwise; both cost one
 * transaction, and the caller always answers RESET_REQUESTED. At most 5 requests per address per hour send anything.
 */
export async function requestPasswordReset(
  db: Db,
  tenant: TenantInfo,
  input: unknown,
  options: { publicUrl: string; now?: number },
): Promise<{ message: string }> {
  const now = options.now ?? Date.now();
  const { email } = parseInput(passwordResetRequestSchema, input);
  try {
    await reserveAttempt(db, tenant.id, `reset:${email}`, now, RESET_LIMITS);
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") return { message: RESET_REQUESTED };
    throw error;
  }
  const user = await selectUserByEmail(db, tenant.id, email);
  const brand = tenant.config.brandName;
  await inTransaction(db, async (trx) => {
    if (user) {
      const token = newOpaqueToken();
      await insertPasswordReset(trx, tenant.id, {
        id: hashToken(token),
        userId: user.id,
        createdAt: now,
        expiresAt: now + RESET_TTL_MS,
      });
      const link = resetLink(options.publicUrl, tenant.id, token);
      await insertOutboxMail(trx, tenant.id, {
        id: newId("mail"),
        to: email,
        subject: `Reset your ${brand} password`,
        body: `Hello ${user.username},\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this e-mail.`,
        kind: "password-reset",
        createdAt: now,
      });
    } else {
      await insertOutboxMail(trx, tenant.id, {
        id: newId("mail"),
        to: email,
        subject: `${brand} password reset`,
        body: `Someone asked to reset the ${brand} password for this address, but no account uses it. If it was you, sign up instead; otherwise ignore this e-mail.`,
        kind: "password-reset-unknown",
        createdAt: now,
      });
    }
  });
  return { message: RESET_REQUESTED };
}

/** Redeems a reset link once: sets the new password, voids other links and signs the user out everywhere. */
export async function resetPassword(
  db: Db,
  tenantId: string,
  input: unknown,
  options: { now?: number } = {},
): Promise<Viewer> {
  const now = options.now ?? Date.now();
  const { token, password } = parseInput(passwordResetSchema, input);
  const passwordHash = await hashPassword(password);
  const userId = await inTransaction(db, async (trx) => {
    const id = await redeemPasswordReset(trx, tenantId, hashToken(token), now);
    if (!id) return undefined;
    await upsertPasswordHash(trx, tenantId, id, passwordHash, now);
    // The link went to the account's address, so redeeming it proves the address as a confirmation link would.
    const owner = await selectUserById(trx, tenantId, id);
    if (owner?.email) await markEmailVerified(trx, tenantId, id, owner.email, now);
    await invalidateUserResets(trx, tenantId, id, now);
    return id;
  });
  if (!userId) throw fieldError({ token: RESET_LINK_INVALID });
  const user = await selectUserById(db, tenantId, userId);
  if (!user) throw fieldError({ token: RESET_LINK_INVALID });
  await destroyAllSessions(db, tenantId, userId);
  // The account-wide backoff starts over (the per-client counters stay: they limit clients, not this account).
  if (user.email) await deleteThrottle(db, tenantId, `signin:${user.email}`);
  return toViewer(db, user, null);
}
