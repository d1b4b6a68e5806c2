import { createHash, randomBytes } from "node:crypto";

/** 256-bit opaque token, URL-safe (cookie value, reset link). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database stores instead of a token: a leaked table does not hand out live sessions or reset links. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Tokens we issue are 43 base64url characters; anything else is not looked up at all. */
export function isWellFormedToken(token: string | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
