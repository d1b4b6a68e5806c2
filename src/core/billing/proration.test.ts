import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accruedAmount, type BillingPeriod, proratePlanChange, remainingAmount, sliceAmount } from "./proration";

const DAY = 86_400_000;
const MAX_PRICE = 100_000_000_00; // $100M in cents: far above any plan, still BigInt-safe products.

const periodArb: fc.Arbitrary<BillingPeriod> = fc
  .tuple(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 1, max: 400 * DAY }))
  .map(([start, length]) => ({ start, end: start + length }));
const priceArb = fc.integer({ min: 0, max: MAX_PRICE });

/** A period and sorted cut points inside it. */
const splitArb = periodArb.chain((period) =>
  fc
    .array(fc.integer({ min: period.start, max: period.end }), { maxLength: 12 })
    .map((cuts) => ({ period, cuts: [period.start, ...cuts.sort((a, b) => a - b), period.end] })),
);

describe("proration", () => {
  it("charges a 30-day month's remaining 10 days as exactly one third, rounded up", () => {
    const period = { start: 0, end: 30 * DAY };
    expect(remainingAmount(3000, period, 20 * DAY)).toBe(1000);
    expect(remainingAmount(1000, period, 20 * DAY)).toBe(334); // exact 333.33…, remaining share rounds up
    expect(accruedAmount(1000, period, 20 * DAY)).toBe(666);
  });

  it("prorate(full period) = full price, and nothing after the period", () => {
    fc.assert(
      fc.property(priceArb, periodArb, (price, period) => {
        expect(remainingAmount(price, period, period.start)).toBe(price);
        expect(remainingAmount(price, period, period.start - 1)).toBe(price);
        expect(remainingAmount(price, period, period.end)).toBe(0);
        expect(sliceAmount(price, period, period.start, period.end)).toBe(price);
      }),
    );
  });

  it("the slices of any split of a period add up to exactly the price", () => {
    fc.assert(
      fc.property(priceArb, splitArb, (price, { period, cuts }) => {
        let sum = 0;
        for (let i = 1; i < cuts.length; i++) {
          const from = cuts[i - 1] ?? period.start;
          const to = cuts[i] ?? period.end;
          const slice = sliceAmount(price, period, from, to);
          expect(slice).toBeGreaterThanOrEqual(0);
          sum += slice;
        }
        expect(sum).toBe(price);
      }),
    );
  });

  it("is within one minor unit of the exact share, never below it for the remaining time", () => {
    fc.assert(
      fc.property(priceArb, periodArb, fc.double({ min: 0, max: 1, noNaN: true }), (price, period, f) => {
        const at = period.start + Math.floor((period.end - period.start) * f);
        const remaining = remainingAmount(price, period, at);
        // exact = price × (end − at) / length, compared as integers: remaining ≥ exact > remaining − 1
        const length = BigInt(period.end - period.start);
        const exactTimesLength = BigInt(price) * BigInt(period.end - at);
        expect(BigInt(remaining) * length >= exactTimesLength).toBe(true);
        expect(BigInt(remaining - 1) * length < exactTimesLength).toBe(true);
      }),
    );
  });

  it("is monotone: a later change never leaves more remaining, a higher price never less", () => {
    fc.assert(
      fc.property(priceArb, priceArb, periodArb, fc.nat(), fc.nat(), (p1, p2, period, a, b) => {
        const len = period.end - period.start;
        const t1 = period.start + (a % (len + 1));
        const t2 = period.start + (b % (len + 1));
        const [early, late] = t1 <= t2 ? [t1, t2] : [t2, t1];
        const [low, high] = p1 <= p2 ? [p1, p2] : [p2, p1];
        expect(remainingAmount(low, period, early)).toBeGreaterThanOrEqual(remainingAmount(low, period, late));
        expect(remainingAmount(high, period, early)).toBeGreaterThanOrEqual(remainingAmount(low, period, early));
      }),
    );
  });

  it("a plan change never produces negative credits or charges, and net = charge − credit", () => {
    fc.assert(
      fc.property(priceArb, priceArb, periodArb, fc.integer(), (oldPrice, newPrice, period, offset) => {
        const changeAt = period.start + (Math.abs(offset) % (period.end - period.start));
        const p = proratePlanChange({ oldPriceMinor: oldPrice, newPriceMinor: newPrice, period, changeAt });
        expect(p.creditMinor).toBeGreaterThanOrEqual(0);
        expect(p.chargeMinor).toBeGreaterThanOrEqual(0);
        expect(p.creditMinor).toBeLessThanOrEqual(oldPrice);
        expect(p.chargeMinor).toBeLessThanOrEqual(newPrice);
        expect(p.netMinor).toBe(p.chargeMinor - p.creditMinor);
        // Paid over the whole period: the old plan's used slice plus the new plan's remaining slice.
        const paid = oldPrice - p.creditMinor + p.chargeMinor;
        expect(paid).toBeGreaterThanOrEqual(Math.min(oldPrice, newPrice));
        expect(paid).toBeLessThanOrEqual(Math.max(oldPrice, newPrice) + 1);
        if (oldPrice === newPrice) expect(p.netMinor).toBe(0);
      }),
    );
  });

  it("refuses non-integer prices and empty periods", () => {
    expect(() => remainingAmount(10.5, { start: 0, end: 10 }, 5)).toThrow(/whole number/);
    expect(() => remainingAmount(-1, { start: 0, end: 10 }, 5)).toThrow(/negative/);
    expect(() => remainingAmount(10, { start: 10, end: 10 }, 5)).toThrow(/end after/);
  });
});
