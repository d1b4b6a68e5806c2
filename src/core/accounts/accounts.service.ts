import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/connection";
import type { UserRow } from "../../db/schema";
import { AppError } from "../errors/app-error";
import { assertCanEditProfile } from "./accounts.policy";
import {
  deleteRole,
  deleteThrottle,
  insertRole,
  insertUser,
  selectPasswordHash,
  selectThrottle,
  selectUserByEmail,
  selectUserById,
  selectUserByUsername,
  swapThrottle,
  updateUserFields,
  upsertPasswordHash,
} from "./accounts.queries";
import {
  changePasswordSchema,
  emailSchema,
  profileUpdateSchema,
  signInSchema,
  signUpSchema,
  usernameSchema,
} from "./accounts.schemas";
import type { Viewer } from "./accounts.types";
import { clientIpKey } from "./client-ip";
import { afterFailure, decideAttempt, SIGN_IN_LIMITS, type ThrottleLimits, throttleMessage } from "./login-throttle";
import { hashPassword, newPasswordSchema, verifyAgainstDummy, verifyPassword } from "./password";
import { destroyAllSessions, toViewer } from "./sessions.service";
import { fieldError, parseInput } from "./validation";
/** One message for unknown e-mail, missing password and wrong password: answers never reveal which e-mails exist. */
export const SIGN_IN_FAILED = "Invalid e-mail or password";
export const USERNAME_TAKEN = "This username is already taken";
/** Deliberately does not say whether an account exists; the real owner is pointed to sign-in and reset. */
export const EMAIL_UNAVAILABLE =
  "This e-mail cannot be used to sign up. If it is yours, sign in or reset your password.";

export interface Clock {
  now?: number;
}

export interface NewUserInput {
  username: string;
  email?: string | null;
  name?: string;
  /** Stored as an argon2id hash; the new-password rules apply unless `skipPasswordPolicy` (seed/demo accounts). */
  password?: string;
  skipPasswordPolicy?: boolean;
  isDemo?: boolean;
  thumbnail?: string | null;
  admin?: boolean;
}

/** Creates a user (optionally with a password and the tenant admin role) in one transaction; CONFLICT on duplicates. */
export async function createUser(db: Db, tenantId: string, input: NewUserInput, clock: Clock = {}): Promise<UserRow> {
  const now = clock.now ?? Date.now();
  const username = parseInput(usernameSchema, input.username);
  const email = input.email == null ? null : parseInput(emailSchema, input.email);
  const passwordHash =
    input.password === undefined
      ? null
      : await hashPassword(input.skipPasswordPolicy ? input.password : parseInput(newPasswordSchema, input.password));
  if (await selectUserByUsername(db, tenantId, username)) {
    throw new AppError("CONFLICT", USERNAME_TAKEN, { fields: { username: USERNAME_TAKEN } });
  }
  if (email && (await selectUserByEmail(db, tenantId, email))) {
    throw new AppError("CONFLICT", EMAIL_UNAVAILABLE, { fields: { email: EMAIL_UNAVAILABLE } });
  }
  const row: UserRow = {
    id: newId("usr"),
    tenant_id: tenantId,
    username,
    email,
    name: input.name?.trim() || username,
    thumbnail: input.thumbnail ?? null,
    position: null,
    company: null,
    location: null,
    bio: null,
    is_demo: input.isDemo ? 1 : 0,
    created_at: now,
  };
  try {
    await inTransaction(db, async (trx) => {
      await insertUser(trx, row);
      if (passwordHash) await upsertPasswordHash(trx, tenantId, row.id, passwordHash, now);
      if (input.admin) await insertRole(trx, tenantId, row.id, "ADMIN", now);
    });
  } catch (error) {
    // A parallel sign-up won the unique index between our check and the insert.
    if (await selectUserByUsername(db, tenantId, username)) {
      throw new AppError("CONFLICT", USERNAME_TAKEN, { fields: { username: USERNAME_TAKEN } });
    }
    if (email && (await selectUserByEmail(db, tenantId, email))) {
      throw new AppError("CONFLICT", EMAIL_UNAVAILABLE, { fields: { email: EMAIL_UNAVAILABLE } });
    }
    throw error;
  }
  return row;
}

/** Sets (or replaces) a user's password; the new-password rules apply unless skipped for seeded demo accounts. */
export async function setPassword(
  db: Db,
  tenantId: string,
  userId: string,
  password: string,
  options: { skipPolicy?: boolean; now?: number } = {},
): Promise<void> {
  const checked = options.skipPolicy ? password : parseInput(newPasswordSchema, password);
  const user = await selectUserById(db, tenantId, userId);
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  await upsertPasswordHash(db, tenantId, userId, await hashPassword(checked), options.now ?? Date.now());
}

/** Gives a user the tenant admin role (ADMIN_PANEL_ACCESS). */
export async function grantTenantAdmin(db: Db, tenantId: string, userId: string): Promise<void> {
  if (!(await selectUserById(db, tenantId, userId))) throw new AppError("NOT_FOUND", "User not found");
  await insertRole(db, tenantId, userId, "ADMIN", Date.now());
}

export async function revokeTenantAdmin(db: Db, tenantId: string, userId: string): Promise<void> {
  await deleteRole(db, tenantId, userId, "ADMIN");
}

/** Creates an account from the sign-up form and returns its viewer (the caller opens the session). */
/** Issue 4 anti-abuse: sign-up attempts per client IP per tenant per hour (config SIGN_UP_MAX_PER_IP_PER_HOUR). */
export const DEFAULT_SIGN_UPS_PER_IP_PER_HOUR = 20;
/** The answer over the limit: the same for every e-mail and username (checked before either is looked up). */
export const SIGN_UP_LIMITED = "Too many sign-ups from this network. Please try again later.";

export interface SignUpOptions extends Clock {
  /** The client's address; adapters always pass it (absent only in direct core calls such as tests and seeds). */
  ip?: string;
  maxPerIpPerHour?: number;
}

/** Counts one sign-up attempt from `ip`; RATE_LIMITED with SIGN_UP_LIMITED once the hour's budget is spent. */
async function reserveSignUp(db: Db, tenantId: string, ip: string, now: number, maxPerHour: number): Promise<void> {
  try {
    await reserveAttempt(db, tenantId, `signup-ip:${clientIpKey(ip)}`, now, {
      maxPerWindow: maxPerHour,
      backoffFrom: Number.POSITIVE_INFINITY,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") {
      throw new AppError("RATE_LIMITED", SIGN_UP_LIMITED, error.details);
    }
    throw error;
  }
}

export async function signUp(db: Db, tenantId: string, input: unknown, options: SignUpOptions = {}): Promise<Viewer> {
  const parsed = parseInput(signUpSchema, input);
  // Every well-formed attempt counts, successful or not: the limit also slows probing e-mails through sign-up.
  if (options.ip !== undefined) {
    const max = options.maxPerIpPerHour ?? DEFAULT_SIGN_UPS_PER_IP_PER_HOUR;
    await reserveSignUp(db, tenantId, options.ip, options.now ?? Date.now(), max);
  }
  const clock: Clock = { now: options.now };
  const row = await createUser(db, tenantId, { ...parsed, skipPasswordPolicy: true }, clock);
  return toViewer(db, row, null);
}

/**
 * Checks e-mail and password under the brute-force rule: each attempt is counted before the password is checked
 * (atomically, so parallel attempts cannot exceed the limit) and the count is cleared on success.
 */
export async function signIn(db: Db, tenantId: string, input: unknown, clock: Clock = {}): Promise<Viewer> {
  const now = clock.now ?? Date.now();
  const { email, password } = parseInput(signInSchema, input);
  const key = `signin:${email}`;
  await reserveAttempt(db, tenantId, key, now, SIGN_IN_LIMITS);
  const user = await selectUserByEmail(db, tenantId, email);
  const stored = user ? await selectPasswordHash(db, tenantId, user.id) : undefined;
  const ok = user && stored ? await verifyPassword(stored, password) : await verifyAgainstDummy(password);
  if (!ok || !user) throw new AppError("UNAUTHENTICATED", SIGN_IN_FAILED, { fields: { password: SIGN_IN_FAILED } });
  await deleteThrottle(db, tenantId, key);
  return toViewer(db, user, null);
}

/** Counts one attempt against `key`, or throws RATE_LIMITED while the key is in backoff or over its hourly limit. */
export async function reserveAttempt(
  db: Db,
  tenantId: string,
  key: string,
  now: number,
  limits: ThrottleLimits,
): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const state = await selectThrottle(db, tenantId, key);
    const decision = decideAttempt(state, now, limits);
    if (!decision.allowed) {
      throw new AppError("RATE_LIMITED", throttleMessage(decision.retryAfterMs), {
        retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000),
      });
    }
    if (await swapThrottle(db, tenantId, key, state, afterFailure(state, now))) return;
  }
  throw new AppError("RATE_LIMITED", throttleMessage(1000), { retryAfterSeconds: 1 });
}

/** The viewer for a user id of this tenant, or null. */
export async function getViewer(db: Db, tenantId: string, userId: string): Promise<Viewer | null> {
  const user = await selectUserById(db, tenantId, userId);
  return user ? toViewer(db, user, null) : null;
}

/** Updates profile fields; only the owner may (FORBIDDEN otherwise, nothing changed). */
export async function updateProfile(
  db: Db,
  tenantId: string,
  viewer: Viewer | null,
  userId: string,
  input: unknown,
): Promise<UserRow> {
  assertCanEditProfile(viewer, tenantId, userId);
  const patch = parseInput(profileUpdateSchema, input);
  const user = await selectUserById(db, tenantId, userId);
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await updateUserFields(db, tenantId, userId, clean);
  return { ...user, ...clean };
}

/** Changes the viewer's password after checking the current one; other sessions are signed out. */
export async function changePassword(db: Db, tenantId: string, viewer: Viewer | null, input: unknown): Promise<void> {
  if (!viewer || viewer.tenantId !== tenantId) throw new AppError("UNAUTHENTICATED", "Sign in to continue");
  const { currentPassword, newPassword } = parseInput(changePasswordSchema, input);
  const stored = await selectPasswordHash(db, tenantId, viewer.id);
  const ok = stored ? await verifyPassword(stored, currentPassword) : await verifyAgainstDummy(currentPassword);
  if (!ok) throw fieldError({ currentPassword: "The current password is not correct" });
  await upsertPasswordHash(db, tenantId, viewer.id, await hashPassword(newPassword), Date.now());
  await destroyAllSessions(db, tenantId, viewer.id, viewer.sessionId);
}
