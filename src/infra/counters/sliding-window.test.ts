import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkWindow, newWindowState, SUB_BUCKETS, subBucketWidth } from "./sliding-window";

const spec = fc.record({
  limit: fc.integer({ min: 1, max: 50 }),
  windowMs: fc.integer({ min: 1, max: 100_000 }),
});

/** Increasing arrival times starting at a realistic epoch. */
const arrivals = fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 400 }).map((gaps) => {
  let t = 1_767_225_600_000;
  return gaps.map((g) => {
    t += g;
    return t;
  });
});

function admittedTimes(limit: number, windowMs: number, times: number[]): number[] {
  const state = newWindowState();
  return times.filter((t) => checkWindow(state, { limit, windowMs }, t).admitted);
}

describe("sliding-window rate limit", () => {
  it("never admits more than the limit in any window (t - T, t]", () => {
    fc.assert(
      fc.property(spec, arrivals, ({ limit, windowMs }, times) => {
        const admitted = admittedTimes(limit, windowMs, times);
        // The densest window ends at an admission: check the window ending at each one.
        let lo = 0;
        for (let hi = 0; hi < admitted.length; hi++) {
          while ((admitted[lo] ?? 0) <= (admitted[hi] ?? 0) - windowMs) lo++;
          expect(hi - lo + 1).toBeLessThanOrEqual(limit);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("admits a call when nothing was admitted in the last window plus two sub-buckets (liveness)", () => {
    fc.assert(
      fc.property(spec, arrivals, ({ limit, windowMs }, times) => {
        const state = newWindowState();
        const width = subBucketWidth(windowMs);
        let lastAdmitted = Number.NEGATIVE_INFINITY;
        for (const t of times) {
          const result = checkWindow(state, { limit, windowMs }, t);
          if (t - lastAdmitted > windowMs + 2 * width) expect(result.admitted).toBe(true);
          if (result.admitted) lastAdmitted = t;
        }
      }),
      { numRuns: 300 },
    );
  });

  it("admits exactly the limit in a burst, then says when to retry", () => {
    fc.assert(
      fc.property(spec, fc.integer({ min: 0, max: 10_000 }), ({ limit, windowMs }, offset) => {
        const state = newWindowState();
        const t = 1_767_225_600_000 + offset;
        const results = Array.from({ length: limit * 3 }, () => checkWindow(state, { limit, windowMs }, t));
        expect(results.filter((r) => r.admitted)).toHaveLength(limit);
        const refused = results[limit];
        if (!refused) throw new Error("missing result");
        expect(refused.admitted).toBe(false);
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(windowMs + 2 * subBucketWidth(windowMs));
        // At the promised time a call is admitted again.
        expect(checkWindow(state, { limit, windowMs }, t + refused.retryAfterMs).admitted).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("counts remaining calls down to zero", () => {
    const state = newWindowState();
    const remaining = [0, 1, 2].map(() => checkWindow(state, { limit: 3, windowMs: 1000 }, 1_000_000).remaining);
    expect(remaining).toEqual([2, 1, 0]);
    expect(SUB_BUCKETS).toBeGreaterThan(1);
  });

  it("a check without recording leaves the state untouched", () => {
    const state = newWindowState();
    for (let i = 0; i < 5; i++) checkWindow(state, { limit: 1, windowMs: 1000 }, 5_000, false);
    expect(checkWindow(state, { limit: 1, windowMs: 1000 }, 5_000).admitted).toBe(true);
  });
});
