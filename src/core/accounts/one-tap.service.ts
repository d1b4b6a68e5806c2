import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";
import type { TenantConfig } from "../../common/tenant-config";
import { isValidHttpUrl } from "../../common/url";
import type { Db } from "../../db/connection";
import { AppError } from "../errors/app-error";
import type { TenantInfo } from "../tenants/tenants.types";
import { selectUserByEmail, selectUserByUsername } from "./accounts.queries";
import { usernameSchema } from "./accounts.schemas";
import { createUser } from "./accounts.service";
import type { SignInResult } from "./accounts.types";
import { markEmailVerified } from "./email-verification.queries";
import { toViewer } from "./sessions.service";
import { parseInput } from "./validation";

export const ONE_TAP_DISABLED = "One-tap sign-in is not enabled";
export const ONE_TAP_INVALID = "The sign-in token is not valid";

export const oneTapBodySchema = z.object({
  token: z.string({ error: "token is required" }).min(1, "token is required").max(8192, "token is too long"),
  brand: z.string().max(100, "brand is too long").nullish(),
});

export interface OneTapIdentity {
  subject: string;
  email: string;
  name: string | null;
  picture: string | null;
}

// One key-set client per JWKS URL: jose caches the keys and refetches on an unknown kid (with a cooldown).
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetFor(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

/** Verifies a one-tap ID token's signature (tenant JWKS), audience (client id), issuer and expiry. */
export async function verifyOneTapToken(config: TenantConfig["oneTap"], token: string): Promise<OneTapIdentity> {
  if (!config.enabled || !config.clientId || !config.jwksUrl || !config.issuer) {
    throw new AppError("FORBIDDEN", ONE_TAP_DISABLED);
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySetFor(config.jwksUrl), {
      issuer: config.issuer.split(",").map((s) => s.trim()),
      audience: config.clientId,
      algorithms: ["RS256", "ES256", "PS256", "EdDSA"],
      requiredClaims: ["exp", "iat", "sub"],
      clockTolerance: 5,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
      throw new AppError("UNAUTHENTICATED", ONE_TAP_INVALID);
    }
    throw error;
  }
  const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : "";
  const verified = payload.email_verified === true || payload.email_verified === "true";
  if (!email || !verified || typeof payload.sub !== "string") throw new AppError("UNAUTHENTICATED", ONE_TAP_INVALID);
  const picture = typeof payload.picture === "string" && isValidHttpUrl(payload.picture) ? payload.picture : null;
  return {
    subject: payload.sub,
    email,
    name: typeof payload.name === "string" ? payload.name.slice(0, 100) : null,
    picture: picture && picture.length <= 2048 ? picture : null,
  };
}

/** A free username derived from the e-mail's local part (alice.smith@x → alice-smith, alice-smith-4821, ...). */
async function freeUsername(db: Db, tenantId: string, email: string): Promise<string> {
  const local = (email.split("@")[0] ?? "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "")
    .slice(0, 24);
  const base = local.length >= 3 ? local : `user-${local}`.replace(/-$/, "");
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? base : `${base}-${1000 + Math.floor(Math.random() * 9000)}`;
    if (!usernameSchema.safeParse(candidate).success) continue;
    if (!(await selectUserByUsername(db, tenantId, candidate))) return candidate;
  }
  return `user-${Date.now().toString(36)}`;
}

/**
 * POST /authentication/google/oneTapLogin: verified e-mail → that account (isNewUser false), else a new account
 * (isNewUser true). Linking by e-mail is safe only because the identity provider asserts email_verified.
 */
export async function signInWithOneTap(db: Db, tenant: TenantInfo, body: unknown): Promise<SignInResult> {
  const { token } = parseInput(oneTapBodySchema, body);
  const identity = await verifyOneTapToken(tenant.config.oneTap, token);
  const existing = await selectUserByEmail(db, tenant.id, identity.email);
  if (existing) {
    // The identity provider asserted the address, which proves it as our confirmation link would (decision 022).
    if (existing.email_verified_at === null) {
      const now = Date.now();
      await markEmailVerified(db, tenant.id, existing.id, identity.email, now);
      return { user: await toViewer(db, { ...existing, email_verified_at: now }, null), isNewUser: false };
    }
    return { user: await toViewer(db, existing, null), isNewUser: false };
  }
  const row = await createUser(db, tenant.id, {
    username: await freeUsername(db, tenant.id, identity.email),
    email: identity.email,
    name: identity.name ?? undefined,
    thumbnail: identity.picture,
    emailVerified: true,
  });
  return { user: await toViewer(db, row, null), isNewUser: true };
}
