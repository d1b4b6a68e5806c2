import { createHash, randomBytes } from "node:crypto";

/** Keys are "pk_" + 43 base64url characters (256 random bits). */
export const KEY_PREFIX = "pk_";
const KEY_PATTERN = /^pk_[A-Za-z0-9_-]{43}$/;

/** A new random API key (shown to its owner once, never stored). */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString("base64url");
}

/**
 * What is stored and looked up: sha256 of the key, hex. Keys carry 256 random bits, so a fast unsalted hash is safe
 * (no dictionary to attack) and lets the gateway find a key by hash in one indexed lookup.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Cheap shape check before hashing: anything else is not a key we issued. */
export function looksLikeApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** The part shown in lists to tell keys apart: "pk_AbCd…". */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}
