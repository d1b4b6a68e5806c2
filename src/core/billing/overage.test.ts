import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callsAboveQuota, computeOverage, overageAmountMinor } from "./overage";

const callsArb = fc.integer({ min: 0, max: 10_000_000_000 });
const microsArb = fc.integer({ min: 0, max: 10_000_000 }); // up to $10 per request
const currencyArb = fc.constantFrom("USD", "JPY", "KWD", "EUR");

describe("overage", () => {
  it("bills exactly the counted calls above the quota", () => {
    expect(callsAboveQuota(1_000, 1_000)).toBe(0);
    expect(callsAboveQuota(1_001, 1_000)).toBe(1);
    expect(callsAboveQuota(999, 1_000)).toBe(0);
    expect(callsAboveQuota(5_000, null)).toBe(0);
    // 1,234 calls over at $0.0004 = $0.4936 → 49 cents (half up)
    expect(
      computeOverage({ countedCalls: 11_234, quota: 10_000, hardLimit: false, priceMicros: 400, currency: "USD" }),
    ).toEqual({ quantity: 1_234, unitPriceMicros: 400, amountMinor: 49, currency: "USD" });
    expect(overageAmountMinor(1, 5_000, "USD")).toBe(1); // $0.005 rounds half up to one cent
    expect(overageAmountMinor(1, 4_999, "USD")).toBe(0);
    expect(overageAmountMinor(3, 500_000, "JPY")).toBe(2); // ¥1.5 → ¥2
    expect(
      computeOverage({ countedCalls: 99, quota: 10, hardLimit: true, priceMicros: 400, currency: "USD" }).amountMinor,
    ).toBe(0);
  });

  it("is zero at or under the quota and never negative", () => {
    fc.assert(
      fc.property(callsArb, callsArb, microsArb, currencyArb, (calls, quota, micros, currency) => {
        const o = computeOverage({ countedCalls: calls, quota, hardLimit: false, priceMicros: micros, currency });
        expect(o.amountMinor).toBeGreaterThanOrEqual(0);
        expect(o.quantity).toBe(Math.max(0, calls - quota));
        if (calls <= quota) expect(o.amountMinor).toBe(0);
      }),
    );
  });

  it("is within half a minor unit of the exact amount (one rounding per line)", () => {
    fc.assert(
      fc.property(callsArb, microsArb, currencyArb, (calls, micros, currency) => {
        const amount = overageAmountMinor(calls, micros, currency);
        const scale = { USD: 10_000n, EUR: 10_000n, JPY: 1_000_000n, KWD: 1_000n }[currency] ?? 10_000n;
        // exact minor units = calls × micros / scale; |amount × scale − calls × micros| ≤ scale / 2
        const diff = BigInt(amount) * scale - BigInt(calls) * BigInt(micros);
        expect(diff <= scale / 2n && diff > -scale / 2n).toBe(true);
      }),
    );
  });

  it("is monotone in calls and additive up to one minor unit", () => {
    fc.assert(
      fc.property(callsArb, callsArb, microsArb, currencyArb, (a, b, micros, currency) => {
        const fa = overageAmountMinor(a, micros, currency);
        const fb = overageAmountMinor(b, micros, currency);
        const fab = overageAmountMinor(a + b, micros, currency);
        if (a <= b) expect(fa).toBeLessThanOrEqual(fb);
        expect(Math.abs(fa + fb - fab)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("is exact when the price is a whole number of minor units", () => {
    fc.assert(
      fc.property(callsArb, fc.integer({ min: 0, max: 1_000 }), (calls, cents) => {
        expect(overageAmountMinor(calls, cents * 10_000, "USD")).toBe(calls * cents);
      }),
    );
  });

  it("refuses fractional or negative counts", () => {
    expect(() => overageAmountMinor(1.5, 400, "USD")).toThrow();
    expect(() => callsAboveQuota(-1, 0)).toThrow();
    expect(() => overageAmountMinor(1, -400, "USD")).toThrow();
  });
});
