import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import type { UserRow } from "../../db/schema";
import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";
import { assertCanEditProfile } from "./accounts.policy";
import {
  deleteRole,
  insertRole,
  insertUser,
  selectPasswordHash,
  selectUserByEmail,
  selectUserById,
  selectUserByUsername,
  updateUserFields,
  upsertPasswordHash,
} from "./accounts.queries";
import {
  changePasswordSchema,
  emailSchema,
  profileUpdateSchema,
  signInSchema,
  usernameSchema,
} from "./accounts.schemas";
import type { Viewer } from "./accounts.types";
import { reserveSignIn, settleSignIn, signInKeys } from "./attempt-limits.service";
import { hashPassword, newPasswordSchema, verifyAgainstDummy, verifyPassword } from "./password";
import { destroyAllSessions, toViewer } from "./sessions.service";
import { fieldError, parseInput } from "./validation";
/** One message for unknown e-mail, missing password and wrong password: answers never reveal which e-mails exist. */
export const SIGN_IN_FAILED = "Invalid e-mail or password";
export const USERNAME_TAKEN = "This username is already taken";
/** createUser's answer for a used e-mail (seeds, one-tap); the sign-up form never shows it (decision 022). */
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
  /** The address is already proven (seeded demo accounts, an identity provider that asserts it); decision 022. */
  emailVerified?: boolean;
}

/** A new users row with empty profile fields; the e-mail counts as verified only when `emailVerified` says so. */
export function newUserRow(
  tenantId: string,
  input: Pick<NewUserInput, "name" | "thumbnail" | "isDemo" | "emailVerified"> & {
    username: string;
    email: string | null;
  },
  now: number,
): UserRow {
  return {
    id: newId("usr"),
    tenant_id: tenantId,
    username: input.username,
    email: input.email,
    name: input.name?.trim() || input.username,
    thumbnail: input.thumbnail ?? null,
    position: null,
    company: null,
    location: null,
    bio: null,
    is_demo: input.isDemo ? 1 : 0,
    created_at: now,
    email_verified_at: input.email && input.emailVerified ? now : null,
  };
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
  const row = newUserRow(tenantId, { ...input, username, email }, now);
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

export interface SignInOptions extends Clock {
  /** The client's address; adapters always pass it (absent only in direct core calls such as tests and seeds). */
  ip?: string;
}

/**
 * Checks e-mail and password under the attempt limits (attempt-limits.service.ts, decision 022): each attempt is
 * counted per (account, client), per client and per account before the password is checked, and taken back on
 * success. An unverified address may sign in; only what trusts the address waits for verification.
 */
export async function signIn(db: Db, tenantId: string, input: unknown, options: SignInOptions = {}): Promise<Viewer> {
  const now = options.now ?? Date.now();
  const { email, password } = parseInput(signInSchema, input);
  const keys = signInKeys(email, options.ip);
  await reserveSignIn(db, tenantId, keys, now);
  const user = await selectUserByEmail(db, tenantId, email);
  const stored = user ? await selectPasswordHash(db, tenantId, user.id) : undefined;
  const ok = user && stored ? await verifyPassword(stored, password) : await verifyAgainstDummy(password);
  if (!ok || !user) throw new AppError("UNAUTHENTICATED", SIGN_IN_FAILED, { fields: { password: SIGN_IN_FAILED } });
  await settleSignIn(db, tenantId, keys, now);
  return toViewer(db, user, null);
}

/** The viewer for a user id of this tenant, or null. */
export async function getViewer(db: Db, tenantId: string, userId: string): Promise<Viewer | null> {
  const user = await selectUserById(db, tenantId, userId);
  return user ? toViewer(db, user, null) : null;
}

/** Updates profile fields; only the owner may (FORBIDDEN otherwise, nothing changed). */
export async function updateProfile(ctx: UseCaseContext, userId: string, input: unknown): Promise<UserRow> {
  const { db, tenantId, viewer } = ctx;
  assertCanEditProfile(viewer, tenantId, userId);
  const patch = parseInput(profileUpdateSchema, input);
  const user = await selectUserById(db, tenantId, userId);
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await updateUserFields(db, tenantId, userId, clean);
  return { ...user, ...clean };
}

/** Changes the viewer's password after checking the current one; other sessions are signed out. */
export async function changePassword(ctx: UseCaseContext, input: unknown): Promise<void> {
  const { db, tenantId, viewer } = ctx;
  if (!viewer || viewer.tenantId !== tenantId) throw new AppError("UNAUTHENTICATED", "Sign in to continue");
  const { currentPassword, newPassword } = parseInput(changePasswordSchema, input);
  const stored = await selectPasswordHash(db, tenantId, viewer.id);
  const ok = stored ? await verifyPassword(stored, currentPassword) : await verifyAgainstDummy(currentPassword);
  if (!ok) throw fieldError({ currentPassword: "The current password is not correct" });
  await upsertPasswordHash(db, tenantId, viewer.id, await hashPassword(newPassword), Date.now());
  await destroyAllSessions(db, tenantId, viewer.id, viewer.sessionId);
}
