import { describe, expect, it } from "vitest";
import {
  afterFailure,
  BACKOFF_MAX_MS,
  backoffMs,
  decideAttempt,
  MAX_FAILURES_PER_WINDOW,
  THROTTLE_WINDOW_MS,
  type ThrottleState,
  throttleMessage,
} from "./login-throttle";

function failTimes(n: number, start: number, gapMs: number): ThrottleState | null {
  let state: ThrottleState | null = null;
  for (let i = 0; i < n; i++) state = afterFailure(state, start + i * gapMs);
  return state;
}

describe("sign-in throttle", () => {
  it("allows four quick failures, then backs off from the 5th", () => {
    const t0 = 1_000_000;
    expect(decideAttempt(failTimes(4, t0, 0), t0)).toEqual({ allowed: true });
    const five = failTimes(5, t0, 0);
    expect(decideAttempt(five, t0)).toEqual({ allowed: false, retryAfterMs: 1_000 });
    expect(decideAttempt(five, t0 + 1_000)).toEqual({ allowed: true });
    expect(backoffMs(6)).toBe(2_000);
    expect(backoffMs(7)).toBe(4_000);
    expect(backoffMs(40)).toBe(BACKOFF_MAX_MS);
  });

  it("refuses the 101st failure within an hour however slowly they come, and resets after the window", () => {
    const t0 = 5_000_000;
    // 100 failures spaced by the maximum backoff would take longer than an hour; compress them to test the cap.
    const hundred = failTimes(MAX_FAILURES_PER_WINDOW, t0, 30);
    const later = t0 + 59 * 60 * 1000;
    const decision = decideAttempt(hundred, later);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.retryAfterMs).toBe(t0 + THROTTLE_WINDOW_MS - later);
    expect(decideAttempt(hundred, t0 + THROTTLE_WINDOW_MS)).toEqual({ allowed: true });
    expect(afterFailure(hundred, t0 + THROTTLE_WINDOW_MS)).toEqual({
      windowStart: t0 + THROTTLE_WINDOW_MS,
      failures: 1,
      lastFailureAt: t0 + THROTTLE_WINDOW_MS,
    });
  });

  it("says how long to wait", () => {
    expect(throttleMessage(1)).toBe("Too many failed sign-in attempts. Try again in 1 second.");
    expect(throttleMessage(4_500)).toBe("Too many failed sign-in attempts. Try again in 5 seconds.");
  });
});
