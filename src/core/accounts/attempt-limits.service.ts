import type { Db } from "../../db/connection";
import { AppError } from "../errors/app-error";
import { deleteThrottle, selectThrottle, swapThrottle } from "./accounts.queries";
import { clientIpKey } from "./client-ip";
import {
  afterFailure,
  afterRefund,
  decideAttempt,
  SIGN_IN_ACCOUNT_LIMITS,
  SIGN_IN_CLIENT_LIMITS,
  SIGN_IN_PAIR_LIMITS,
  type ThrottleLimits,
  throttleMessage,
} from "./login-throttle";

/*
 * The attempt counters over the login_throttle table (one row per tenant and key, changed by compare-and-swap, so
 * they hold across several web instances on one database). login-throttle.ts has the pure rules.
 */

function limited(retryAfterMs: number): AppError {
  return new AppError("RATE_LIMITED", throttleMessage(retryAfterMs), {
    retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
  });
}

/** Counts one attempt against `key`, or throws RATE_LIMITED while the key is in backoff or over its limit. */
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
    if (!decision.allowed) throw limited(decision.retryAfterMs);
    if (await swapThrottle(db, tenantId, key, state, afterFailure(state, now, limits))) return;
  }
  throw limited(1000);
}

/** Throws RATE_LIMITED when `key` would refuse an attempt now, without counting anything. */
async function checkAttempt(db: Db, tenantId: string, key: string, now: number, limits: ThrottleLimits) {
  const decision = decideAttempt(await selectThrottle(db, tenantId, key), now, limits);
  if (!decision.allowed) throw limited(decision.retryAfterMs);
}

/** Takes back one counted attempt (it succeeded); best effort under contention. */
async function refundAttempt(db: Db, tenantId: string, key: string, now: number, limits: ThrottleLimits) {
  for (let round = 0; round < 5; round++) {
    const state = await selectThrottle(db, tenantId, key);
    const next = afterRefund(state, now, limits);
    if (!next || (await swapThrottle(db, tenantId, key, state, next))) return;
  }
}

/** The three sign-in counters of one attempt: the client, the (account, client) pair and the account. */
export interface SignInKeys {
  client: string;
  pair: string;
  account: string;
}

/** `ip` is absent only in direct core calls (tests, scripts): they all count as one client. */
export function signInKeys(email: string, ip: string | undefined): SignInKeys {
  const client = ip === undefined ? "local" : clientIpKey(ip);
  return { client: `signin-ip:${client}`, pair: `signin:${email}|${client}`, account: `signin:${email}` };
}

const COUNTERS = [
  ["client", SIGN_IN_CLIENT_LIMITS],
  ["pair", SIGN_IN_PAIR_LIMITS],
  ["account", SIGN_IN_ACCOUNT_LIMITS],
] as const;

/**
 * Counts a sign-in attempt before its password is checked. A refused attempt counts nowhere (so the owner retrying
 * during an account's backoff does not lock their own pair); an allowed one counts on all three counters, each
 * checked and counted atomically, so parallel attempts cannot slip past a limit.
 */
export async function reserveSignIn(db: Db, tenantId: string, keys: SignInKeys, now: number): Promise<void> {
  for (const [name, limits] of COUNTERS) await checkAttempt(db, tenantId, keys[name], now, limits);
  for (const [name, limits] of COUNTERS) await reserveAttempt(db, tenantId, keys[name], now, limits);
}

/**
 * After the right password: the pair starts over, while the client and account counters only take this attempt
 * back (clearing them would let an attacker reset the spraying count by signing in to an account of their own).
 */
export async function settleSignIn(db: Db, tenantId: string, keys: SignInKeys, now: number): Promise<void> {
  await deleteThrottle(db, tenantId, keys.pair);
  await refundAttempt(db, tenantId, keys.client, now, SIGN_IN_CLIENT_LIMITS);
  await refundAttempt(db, tenantId, keys.account, now, SIGN_IN_ACCOUNT_LIMITS);
}
