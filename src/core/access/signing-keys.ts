import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Db } from "../../db/connection";
import { loadOrCreateSecret } from "./access.queries";

/*
 * HS256 keys for the tokens this server issues to itself (private-API search token, context token). The secret is
 * generated once and kept in the database table server_secrets, so every instance (and a restart) verifies the same
 * tokens without configuration.
 */

export type TokenPurpose = "private-apis" | "context";

const ISSUER = "portico";
const cache = new WeakMap<Db, Map<TokenPurpose, Promise<Uint8Array>>>();

function keyFor(db: Db, purpose: TokenPurpose): Promise<Uint8Array> {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let key = perDb.get(purpose);
  if (!key) {
    key = loadOrCreateSecret(db, `jwt:${purpose}`).then((value) => new TextEncoder().encode(value));
    // A failed load must not be cached forever.
    key.catch(() => perDb?.delete(purpose));
    perDb.set(purpose, key);
  }
  return key;
}

export async function signToken(
  db: Db,
  purpose: TokenPurpose,
  claims: JWTPayload,
  subject: string,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(`${ISSUER}:${purpose}`)
    .setSubject(subject)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(await keyFor(db, purpose));
  return { token, expiresAt: (now + ttlSeconds) * 1000 };
}

/** The payload of a valid, unexpired token of this purpose, or null (tampered, expired, other purpose, garbage). */
export async function verifyToken(db: Db, purpose: TokenPurpose, token: string): Promise<JWTPayload | null> {
  if (token.length > 16_384) return null;
  try {
    const { payload } = await jwtVerify(token, await keyFor(db, purpose), {
      issuer: ISSUER,
      audience: `${ISSUER}:${purpose}`,
      algorithms: ["HS256"],
    });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
