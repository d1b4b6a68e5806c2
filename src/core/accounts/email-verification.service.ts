import { newId } from "../../common/ids";
import type { Db, DbOrTrx } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import type { UserRow } from "../../db/schema";
import { AppError } from "../errors/app-error";
import type { TenantInfo } from "../tenants/tenants.types";
import { selectUserById } from "./accounts.queries";
import { verifyEmailSchema } from "./accounts.schemas";
import type { Viewer } from "./accounts.types";
import { reserveAttempt } from "./attempt-limits.service";
import {
  insertEmailVerification,
  invalidateUserVerifications,
  markEmailVerified,
  redeemEmailVerification,
} from "./email-verification.queries";
import { hourlyLimit } from "./login-throttle";
import { insertOutboxMail } from "./mail-outbox.queries";
import { hashToken, newOpaqueToken } from "./session-tokens";
import { toViewer } from "./sessions.service";
import { fieldError, parseInput } from "./validation";
/*
 * E-mail verification (decision 022). Sign-up mails a link; redeeming it proves the address, which is what
 * domain-based organization joining and claiming a corporate domain require. Links are opaque 256-bit tokens stored
 * as sha256 hashes, valid for 24 hours and used once, like reset links.
 */

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
/** The page that redeems a link: {PUBLIC_URL}/auth/verify-email?token=...&tenant=... */
export const VERIFY_PAGE_PATH = "/auth/verify-email";
export const VERIFY_LINK_INVALID = "This confirmation link is not valid or has expired";
export const VERIFICATION_SENT = "We sent a new confirmation link to your e-mail address.";
export const ALREADY_VERIFIED = "Your e-mail address is already confirmed.";
export const VERIFICATION_MAIL_LIMITED = "Too many confirmation e-mails. Please try again later.";
/** Confirmation mails a signed-in user may ask for per hour. */
export const RESEND_MAX_PER_HOUR = 5;

/**
 * Built from the configured public URL (never the Host header) and naming the tenant, like a reset link; `next` is
 * the page the sign-up form was opened from (the confirmation page checks it again before following it).
 */
export function verificationLink(publicUrl: string, tenantId: string, token: string, next?: string): string {
  const query = new URLSearchParams({ token, tenant: tenantId, ...(next ? { next } : {}) });
  return `${publicUrl.replace(/\/+$/, "")}${VERIFY_PAGE_PATH}?${query.toString()}`;
}

/** Queues a confirmation link for the user's current address (inside the caller's transaction). */
export async function queueVerificationMail(
  trx: DbOrTrx,
  tenant: TenantInfo,
  user: Pick<UserRow, "id" | "username"> & { email: string },
  options: { publicUrl: string; now: number; next?: string },
): Promise<void> {
  const token = newOpaqueToken();
  await insertEmailVerification(trx, tenant.id, {
    id: hashToken(token),
    userId: user.id,
    email: user.email,
    createdAt: options.now,
    expiresAt: options.now + VERIFY_TTL_MS,
  });
  const brand = tenant.config.brandName;
  const link = verificationLink(options.publicUrl, tenant.id, token, options.next);
  await insertOutboxMail(trx, tenant.id, {
    id: newId("mail"),
    to: user.email,
    subject: `Confirm your ${brand} e-mail address`,
    body: `Hello ${user.username},\n\nOpen this link within 24 hours to confirm your e-mail address and sign in:\n${link}\n\nIf you did not sign up for ${brand}, ignore this e-mail.`,
    kind: "email-verification",
    createdAt: options.now,
  });
}

/**
 * Redeems a link once: marks the address verified (only if it is still the user's address), voids the user's other
 * links and returns the viewer to sign in.
 */
export async function verifyEmail(
  db: Db,
  tenantId: string,
  input: unknown,
  options: { now?: number } = {},
): Promise<Viewer> {
  const now = options.now ?? Date.now();
  const { token } = parseInput(verifyEmailSchema, input);
  const userId = await inTransaction(db, async (trx) => {
    const redeemed = await redeemEmailVerification(trx, tenantId, hashToken(token), now);
    if (!redeemed) return undefined;
    const user = await selectUserById(trx, tenantId, redeemed.userId);
    if (!user || user.email !== redeemed.email) return undefined;
    await markEmailVerified(trx, tenantId, user.id, redeemed.email, now);
    await invalidateUserVerifications(trx, tenantId, user.id, now);
    return user.id;
  });
  const user = userId ? await selectUserById(db, tenantId, userId) : undefined;
  if (!user) throw fieldError({ token: VERIFY_LINK_INVALID });
  return toViewer(db, user, null);
}

/** Mails the signed-in user a new confirmation link (at most RESEND_MAX_PER_HOUR an hour). */
export async function resendVerification(
  db: Db,
  tenant: TenantInfo,
  viewer: Viewer | null,
  options: { publicUrl: string; now?: number },
): Promise<{ message: string }> {
  if (!viewer || viewer.tenantId !== tenant.id) throw new AppError("UNAUTHENTICATED", "Sign in to continue");
  const now = options.now ?? Date.now();
  const user = await selectUserById(db, tenant.id, viewer.id);
  if (!user?.email) throw new AppError("BAD_REQUEST", "Your account has no e-mail address");
  if (user.email_verified_at !== null) return { message: ALREADY_VERIFIED };
  try {
    await reserveAttempt(db, tenant.id, `verify-mail:${user.id}`, now, hourlyLimit(RESEND_MAX_PER_HOUR));
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") {
      throw new AppError("RATE_LIMITED", VERIFICATION_MAIL_LIMITED, error.details);
    }
    throw error;
  }
  const email = user.email;
  await inTransaction(db, (trx) => queueVerificationMail(trx, tenant, { ...user, email }, { ...options, now }));
  return { message: VERIFICATION_SENT };
}
