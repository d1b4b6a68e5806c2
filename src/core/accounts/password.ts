import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { z } from "zod";
import { COMMON_PASSWORDS_TEXT } from "./common-passwords.data";

export const PASSWORD_MIN_LENGTH = 8;
/** NIST SP 800-63B asks to accept at least 64 characters; argon2 hashes any length in the same time. */
export const PASSWORD_MAX_LENGTH = 128;

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (~20-40 ms here).
// Algorithm.Argon2id is a const enum (not importable under isolatedModules); its value is 2.
const ARGON2ID = 2 as Algorithm;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let commonPasswords: Set<string> | null = null;

/** True for passwords in the shipped list of the 10,000 most common ones (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split("\n"));
  return commonPasswords.has(password.toLowerCase());
}

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  common: "This password is too common. Choose a less predictable one",
} as const;

/** The rule for new passwords (sign-up, reset, change); sign-in only checks presence. */
export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
  .refine((p) => !isCommonPassword(p), PASSWORD_MESSAGES.common);

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Constant-time check of a password against a stored argon2 hash; false (never throws) on malformed hashes. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real verification when no account (or no password) exists, so sign-in timing does not
 * reveal whether an e-mail is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("portico-dummy-password-for-timing");
  await verifyPassword(await dummyHash, password);
  return false;
}
