/*
 * Brute-force rule (issue 4): at most 100 failed sign-ins per account per hour, and from the 5th failure in a row an
 * exponential wait before the next attempt is even checked. The state is keyed by the normalized e-mail the attempt
 * named, whether or not an account exists, so the answers do not reveal which e-mails are registered.
 */

export const THROTTLE_WINDOW_MS = 60 * 60 * 1000;
export const MAX_FAILURES_PER_WINDOW = 100;
export const BACKOFF_FROM_FAILURE = 5;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 5 * 60 * 1000;

export interface ThrottleState {
  windowStart: number;
  failures: number;
  lastFailureAt: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface ThrottleLimits {
  maxPerWindow: number;
  backoffFrom: number;
}

export const SIGN_IN_LIMITS: ThrottleLimits = {
  maxPerWindow: MAX_FAILURES_PER_WINDOW,
  backoffFrom: BACKOFF_FROM_FAILURE,
};

/** The wait after `failures` consecutive failures: none before the 5th, then 1 s, 2 s, 4 s ... up to 5 minutes. */
export function backoffMs(failures: number, backoffFrom = BACKOFF_FROM_FAILURE): number {
  if (failures < backoffFrom) return 0;
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - backoffFrom));
}

/** Whether an attempt may be checked now. */
export function decideAttempt(
  state: ThrottleState | null,
  now: number,
  limits: ThrottleLimits = SIGN_IN_LIMITS,
): ThrottleDecision {
  if (!state || now - state.windowStart >= THROTTLE_WINDOW_MS) return { allowed: true };
  if (state.failures >= limits.maxPerWindow) {
    return { allowed: false, retryAfterMs: state.windowStart + THROTTLE_WINDOW_MS - now };
  }
  const waitUntil = state.lastFailureAt + backoffMs(state.failures, limits.backoffFrom);
  return now < waitUntil ? { allowed: false, retryAfterMs: waitUntil - now } : { allowed: true };
}

/** The state after one more failure at `now` (a new window starts when the old one is over). */
export function afterFailure(state: ThrottleState | null, now: number): ThrottleState {
  if (!state || now - state.windowStart >= THROTTLE_WINDOW_MS) {
    return { windowStart: now, failures: 1, lastFailureAt: now };
  }
  return { windowStart: state.windowStart, failures: state.failures + 1, lastFailureAt: now };
}

export function throttleMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
}
