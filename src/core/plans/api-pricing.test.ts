import { describe, expect, it } from "vitest";
import { chargesOverage, derivePricingType, type PricingPlanFacts } from "./api-pricing";

function plan(overrides: Partial<PricingPlanFacts> = {}): PricingPlanFacts {
  return {
    private: false,
    deprecated: false,
    monthlyPriceCents: 0,
    hardLimit: true,
    quota: null,
    overagePriceMicros: 0,
    objects: [],
    ...overrides,
  };
}

describe("derivePricingType", () => {
  it("keeps the declared type only while there are no plans at all", () => {
    expect(derivePricingType([], "PAID")).toBe("PAID");
    expect(derivePricingType([plan({ private: true, monthlyPriceCents: 500 })], "PAID")).toBe("FREE");
  });

  it("reads FREE, FREEMIUM and PAID from the offered plans", () => {
    const paid = plan({ monthlyPriceCents: 1000 });
    expect(derivePricingType([plan()], "PAID")).toBe("FREE");
    expect(derivePricingType([paid, plan({ monthlyPriceCents: 5000 })], "FREE")).toBe("PAID");
    expect(derivePricingType([paid, plan()], "FREE")).toBe("FREEMIUM");
    expect(derivePricingType([paid, plan({ private: true })], "FREE")).toBe("PAID");
    expect(derivePricingType([paid, plan({ deprecated: true })], "FREE")).toBe("PAID");
    expect(derivePricingType([plan({ monthlyPriceCents: 1000, deprecated: true }), plan()], "PAID")).toBe("FREE");
  });

  it("counts billable overage as a charge, on the plan or on one of its objects", () => {
    expect(derivePricingType([plan({ hardLimit: false, quota: 100, overagePriceMicros: 1 })], "FREE")).toBe("FREEMIUM");
    const objectOverage = plan({ objects: [{ hardLimit: false, overagePriceMicros: 10 }] });
    expect(derivePricingType([objectOverage], "FREE")).toBe("FREEMIUM");
  });
});

describe("chargesOverage", () => {
  it("is false when a hard limit refuses the calls, there is no quota to exceed, or the price is 0", () => {
    expect(chargesOverage(plan({ hardLimit: true, quota: 100, overagePriceMicros: 5 }))).toBe(false);
    expect(chargesOverage(plan({ hardLimit: false, quota: null, overagePriceMicros: 5 }))).toBe(false);
    expect(chargesOverage(plan({ hardLimit: false, quota: 100, overagePriceMicros: 0 }))).toBe(false);
    expect(chargesOverage(plan({ objects: [{ hardLimit: true, overagePriceMicros: 5 }] }))).toBe(false);
    expect(chargesOverage(plan({ hardLimit: false, quota: 100, overagePriceMicros: 5 }))).toBe(true);
  });
});
