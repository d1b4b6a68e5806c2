import { describe, expect, it } from "vitest";
import {
  afterFailure,
  afterRefund,
  backoffMs,
  decideAttempt,
  hourlyLimit,
  SIGN_IN_ACCOUNT_LIMITS,
  SIGN_IN_CLIENT_LIMITS,
  SIGN_IN_PAIR_LIMITS,
  SIGN_IN_WINDOW_MS,
  type ThrottleLimits,
  type ThrottleState,
  throttleMessage,
} from "./login-throttle";

function failTimes(n: number, start: number, gapMs: number, limits: ThrottleLimits): ThrottleState | null {
  let state: ThrottleState | null = null;
  for (let i = 0; i < n; i++) state = afterFailure(state, start + i * gapMs, limits);
  return state;
}

describe("attempt limits", () => {
  it("locks an (account, client) pair after 5 failures until its 15 minutes are over", () => {
    const t0 = 1_000_000;
    expect(decideAttempt(failTimes(4, t0, 0, SIGN_IN_PAIR_LIMITS), t0, SIGN_IN_PAIR_LIMITS)).toEqual({ allowed: true });
    const five = failTimes(5, t0, 1_000, SIGN_IN_PAIR_LIMITS);
    expect(decideAttempt(five, t0 + 10_000, SIGN_IN_PAIR_LIMITS)).toEqual({
      allowed: false,
      retryAfterMs: SIGN_IN_WINDOW_MS - 10_000,
    });
    expect(decideAttempt(five, t0 + SIGN_IN_WINDOW_MS, SIGN_IN_PAIR_LIMITS)).toEqual({ allowed: true });
  });

  it("refuses a client after 20 failures across accounts", () => {
    const t0 = 2_000_000;
    const twenty = failTimes(20, t0, 100, SIGN_IN_CLIENT_LIMITS);
    expect(decideAttempt(failTimes(19, t0, 100, SIGN_IN_CLIENT_LIMITS), t0 + 5_000, SIGN_IN_CLIENT_LIMITS)).toEqual({
      allowed: true,
    });
    expect(decideAttempt(twenty, t0 + 5_000, SIGN_IN_CLIENT_LIMITS).allowed).toBe(false);
  });

  it("gives an account only a short capped backoff, never a lockout, however many failures", () => {
    const t0 = 3_000_000;
    expect(backoffMs(49, SIGN_IN_ACCOUNT_LIMITS)).toBe(0);
    expect(backoffMs(50, SIGN_IN_ACCOUNT_LIMITS)).toBe(1_000);
    expect(backoffMs(52, SIGN_IN_ACCOUNT_LIMITS)).toBe(4_000);
    expect(backoffMs(5_000, SIGN_IN_ACCOUNT_LIMITS)).toBe(60_000);
    const many = failTimes(5_000, t0, 1, SIGN_IN_ACCOUNT_LIMITS);
    const last = t0 + 4_999;
    expect(decideAttempt(many, last + 59_999, SIGN_IN_ACCOUNT_LIMITS).allowed).toBe(false);
    expect(decideAttempt(many, last + 60_000, SIGN_IN_ACCOUNT_LIMITS)).toEqual({ allowed: true });
  });

  it("starts a new window when the old one is over, and refunds within the window only", () => {
    const limits = hourlyLimit(3);
    const t0 = 5_000_000;
    const three = failTimes(3, t0, 30, limits);
    expect(decideAttempt(three, t0 + 59 * 60 * 1000, limits).allowed).toBe(false);
    expect(afterFailure(three, t0 + 60 * 60 * 1000, limits)).toEqual({
      windowStart: t0 + 60 * 60 * 1000,
      failures: 1,
      lastFailureAt: t0 + 60 * 60 * 1000,
    });
    expect(afterRefund(three, t0 + 100, limits)).toMatchObject({ failures: 2 });
    expect(afterRefund(three, t0 + 60 * 60 * 1000, limits)).toBeNull();
    expect(afterRefund(null, t0, limits)).toBeNull();
  });

  it("says how long to wait", () => {
    expect(throttleMessage(1)).toBe("Too many failed sign-in attempts. Try again in 1 second.");
    expect(throttleMessage(4_500)).toBe("Too many failed sign-in attempts. Try again in 5 seconds.");
  });
});
