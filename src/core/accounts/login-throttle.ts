/*
 * Attempt counters (decisions 020 and 022). A counter counts attempts under one key inside a
 * fixed window that starts with the first counted attempt; a limit refuses further attempts once `maxPerWindow` were
 * counted, and from `backoffFrom` failures it makes the next attempt wait (1 s, 2 s, 4 s ... up to `backoffMaxMs`).
 *
 * Sign-in uses three counters, so that nobody can lock the real owner out and spraying is still slowed:
 * - per (account, client): 5 failures in 15 minutes lock that pair only; the owner elsewhere is not affected;
 * - per client, across all accounts: 20 failures in 15 minutes refuse that client (password spraying);
 * - per account, across all clients: from 50 failures in an hour a short backoff (at most 60 s) slows a distributed
 *   attack, but it never locks the right password out for longer than that, from any address.
 * Keys name the normalized e-mail the attempt named, whether or not an account exists, so the answers do not reveal
 * which e-mails are registered.
 */

/** The longest window any limit uses; the purge job deletes rows whose window started before now - this. */
export const THROTTLE_WINDOW_MS = 60 * 60 * 1000;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const BACKOFF_BASE_MS = 1_000;

export interface ThrottleState {
  windowStart: number;
  failures: number;
  lastFailureAt: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface ThrottleLimits {
  /** At most THROTTLE_WINDOW_MS (the purge relies on it). */
  windowMs: number;
  maxPerWindow: number;
  backoffFrom: number;
  backoffMaxMs: number;
}

const NO_BACKOFF = { backoffFrom: Number.POSITIVE_INFINITY, backoffMaxMs: 0 };

/** One account from one client: the lockout applies to this pair only. */
export const SIGN_IN_PAIR_LIMITS: ThrottleLimits = { windowMs: SIGN_IN_WINDOW_MS, maxPerWindow: 5, ...NO_BACKOFF };
/** One client across all accounts: spraying one password over many accounts. */
export const SIGN_IN_CLIENT_LIMITS: ThrottleLimits = { windowMs: SIGN_IN_WINDOW_MS, maxPerWindow: 20, ...NO_BACKOFF };
/** One account across all clients: a soft, capped backoff, never a lockout. */
export const SIGN_IN_ACCOUNT_LIMITS: ThrottleLimits = {
  windowMs: THROTTLE_WINDOW_MS,
  maxPerWindow: Number.POSITIVE_INFINITY,
  backoffFrom: 50,
  backoffMaxMs: 60_000,
};

/** An hourly budget without backoff (sign-ups per IP, reset mails per address). */
export function hourlyLimit(maxPerHour: number): ThrottleLimits {
  return { windowMs: THROTTLE_WINDOW_MS, maxPerWindow: maxPerHour, ...NO_BACKOFF };
}

/** The wait after `failures` failures: none before `backoffFrom`, then 1 s, 2 s, 4 s ... up to `backoffMaxMs`. */
export function backoffMs(failures: number, limits: ThrottleLimits): number {
  if (failures < limits.backoffFrom) return 0;
  return Math.min(limits.backoffMaxMs, BACKOFF_BASE_MS * 2 ** (failures - limits.backoffFrom));
}

function windowOver(state: ThrottleState, now: number, limits: ThrottleLimits): boolean {
  return now - state.windowStart >= limits.windowMs;
}

/** Whether an attempt may be checked now. */
export function decideAttempt(state: ThrottleState | null, now: number, limits: ThrottleLimits): ThrottleDecision {
  if (!state || windowOver(state, now, limits)) return { allowed: true };
  if (state.failures >= limits.maxPerWindow) {
    return { allowed: false, retryAfterMs: state.windowStart + limits.windowMs - now };
  }
  const waitUntil = state.lastFailureAt + backoffMs(state.failures, limits);
  return now < waitUntil ? { allowed: false, retryAfterMs: waitUntil - now } : { allowed: true };
}

/** The state after one more counted attempt at `now` (a new window starts when the old one is over). */
export function afterFailure(state: ThrottleState | null, now: number, limits: ThrottleLimits): ThrottleState {
  if (!state || windowOver(state, now, limits)) return { windowStart: now, failures: 1, lastFailureAt: now };
  return { windowStart: state.windowStart, failures: state.failures + 1, lastFailureAt: now };
}

/** The state once a counted attempt turned out to succeed: one failure fewer (null when there is nothing to undo). */
export function afterRefund(state: ThrottleState | null, now: number, limits: ThrottleLimits): ThrottleState | null {
  if (!state || windowOver(state, now, limits) || state.failures <= 0) return null;
  return { ...state, failures: state.failures - 1 };
}

export function throttleMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
}
