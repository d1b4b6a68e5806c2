import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import type { UserRow } from "../../db/schema";
import { insertDefaultApp } from "../apps/default-app";
import { AppError } from "../errors/app-error";
import type { TenantInfo } from "../tenants/tenants.types";
import { insertUser, selectUserByEmail, selectUserByUsername, upsertPasswordHash } from "./accounts.queries";
import { signUpSchema } from "./accounts.schemas";
import { newUserRow, USERNAME_TAKEN } from "./accounts.service";
import { reserveAttempt } from "./attempt-limits.service";
import { clientIpKey } from "./client-ip";
import { queueVerificationMail } from "./email-verification.service";
import { hourlyLimit } from "./login-throttle";
import { insertOutboxMail } from "./mail-outbox.queries";
import { hashPassword } from "./password";
import { parseInput } from "./validation";
/*
 * Sign-up by e-mail confirmation (decision 022). The answer is the same whether or not the address already
 * has an account: "check your inbox", no session. A new address gets an unverified account and a confirmation link
 * (the link signs in); a registered address gets nothing created, and its owner a mail saying someone tried. Both
 * paths hash the password and write one transaction, so their timing is alike too.
 */

/** The one answer to every accepted sign-up. */
export const SIGN_UP_CHECK_INBOX = "Check your inbox to confirm your address.";
/** Anti-abuse (decision 020): sign-up attempts per client IP per tenant per hour (config SIGN_UP_MAX_PER_IP_PER_HOUR). */
export const DEFAULT_SIGN_UPS_PER_IP_PER_HOUR = 20;
/** The answer over the limit: the same for every e-mail and username (checked before either is looked up). */
export const SIGN_UP_LIMITED = "Too many sign-ups from this network. Please try again later.";
/** "Someone tried to sign up with your address" mails per address per hour; more attempts send nothing. */
export const SIGN_UP_NOTICES_PER_HOUR = 3;

export interface SignUpOptions {
  /** Builds the links in the mails (the configured public URL, never the Host header). */
  publicUrl: string;
  /** The client's address; adapters always pass it (absent only in direct core calls such as tests and seeds). */
  ip?: string;
  maxPerIpPerHour?: number;
  /** A same-site path to land on after confirming (the caller has checked it). */
  next?: string;
  now?: number;
}

/** Counts one sign-up attempt from `ip`; RATE_LIMITED with SIGN_UP_LIMITED once the hour's budget is spent. */
async function reserveSignUp(db: Db, tenantId: string, ip: string, now: number, maxPerHour: number): Promise<void> {
  try {
    await reserveAttempt(db, tenantId, `signup-ip:${clientIpKey(ip)}`, now, hourlyLimit(maxPerHour));
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") {
      throw new AppError("RATE_LIMITED", SIGN_UP_LIMITED, error.details);
    }
    throw error;
  }
}

/** Tells the owner of a registered address that someone tried to sign up with it (a few times an hour at most). */
async function noticeExistingOwner(db: Db, tenant: TenantInfo, owner: UserRow, email: string, options: SignUpOptions) {
  const now = options.now ?? Date.now();
  try {
    await reserveAttempt(db, tenant.id, `signup-notice:${email}`, now, hourlyLimit(SIGN_UP_NOTICES_PER_HOUR));
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") return;
    throw error;
  }
  const brand = tenant.config.brandName;
  const base = options.publicUrl.replace(/\/+$/, "");
  await inTransaction(db, (trx) =>
    insertOutboxMail(trx, tenant.id, {
      id: newId("mail"),
      to: email,
      subject: `Someone tried to sign up for ${brand} with your address`,
      body: `Hello ${owner.username},\n\nSomeone tried to sign up for ${brand} with this e-mail address, but it already belongs to your account. Nothing was changed.\n\nIf it was you, sign in: ${base}/auth\nForgot your password? Reset it: ${base}/auth/forgot-password\n\nIf it was not you, you can ignore this e-mail.`,
      kind: "sign-up-existing",
      createdAt: now,
    }),
  );
}

/**
 * The sign-up form: CONFLICT only for a taken username (usernames are public on profile pages), field errors for bad
 * input, RATE_LIMITED over the per-IP budget; otherwise always `{ message: SIGN_UP_CHECK_INBOX }`.
 */
export async function signUp(
  db: Db,
  tenant: TenantInfo,
  input: unknown,
  options: SignUpOptions,
): Promise<{ message: string }> {
  const parsed = parseInput(signUpSchema, input);
  const now = options.now ?? Date.now();
  // Every well-formed attempt counts, successful or not: the limit also slows probing e-mails through sign-up.
  if (options.ip !== undefined) {
    await reserveSignUp(db, tenant.id, options.ip, now, options.maxPerIpPerHour ?? DEFAULT_SIGN_UPS_PER_IP_PER_HOUR);
  }
  // Hashed on both paths: the answer for a registered address must not come back measurably sooner.
  const passwordHash = await hashPassword(parsed.password);
  const usernameTaken = () => new AppError("CONFLICT", USERNAME_TAKEN, { fields: { username: USERNAME_TAKEN } });
  if (await selectUserByUsername(db, tenant.id, parsed.username)) throw usernameTaken();
  const answer = { message: SIGN_UP_CHECK_INBOX };
  const existing = await selectUserByEmail(db, tenant.id, parsed.email);
  if (existing) {
    await noticeExistingOwner(db, tenant, existing, parsed.email, options);
    return answer;
  }
  const row = newUserRow(tenant.id, { username: parsed.username, email: parsed.email }, now);
  try {
    await inTransaction(db, async (trx) => {
      await insertUser(trx, row);
      await upsertPasswordHash(trx, tenant.id, row.id, passwordHash, now);
      // Issue 18: the account comes with an app and a key, so the first call is one subscription away.
      await insertDefaultApp(trx, tenant.id, row.id, now);
      const mail = { publicUrl: options.publicUrl, now, next: options.next };
      await queueVerificationMail(trx, tenant, { ...row, email: parsed.email }, mail);
    });
  } catch (error) {
    // A parallel sign-up won a unique index between our checks and the insert.
    if (await selectUserByUsername(db, tenant.id, parsed.username)) throw usernameTaken();
    const winner = await selectUserByEmail(db, tenant.id, parsed.email);
    if (!winner) throw error;
    await noticeExistingOwner(db, tenant, winner, parsed.email, options);
  }
  return answer;
}
