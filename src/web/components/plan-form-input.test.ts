import { describe, expect, it } from "vitest";
import { decimalToUnits, type PlanFormSource, parsePlanForm, unitsToDecimal } from "./plan-form-input";

function source(values: Record<string, string | string[]>): PlanFormSource {
  return {
    get: (name) => {
      const v = values[name];
      return typeof v === "string" ? v : Array.isArray(v) ? (v[0] ?? "") : "";
    },
    getAll: (name) => {
      const v = values[name];
      return typeof v === "string" ? [v] : (v ?? []);
    },
  };
}

const BASE = {
  name: "Basic",
  monthlyPrice: "",
  rateLimitKind: "none",
  rateLimitCount: "",
  rateLimitUnit: "minute",
  quota: "",
  quotaPeriod: "month",
  limitMode: "hard",
  overagePrice: "",
  features: "",
  objectCount: "0",
};
const USD = { priceDigits: 2 };

describe("decimalToUnits / unitsToDecimal", () => {
  it("converts without floating point and refuses extra precision", () => {
    expect(decimalToUnits("19.99", 2)).toBe(1999);
    expect(decimalToUnits("0.1", 2)).toBe(10);
    expect(decimalToUnits("0.0001", 6)).toBe(100);
    expect(decimalToUnits("1.005", 2)).toBeNull();
    expect(decimalToUnits("-1", 2)).toBeNull();
    expect(decimalToUnits("1e3", 2)).toBeNull();
    expect(unitsToDecimal(1900, 2, 2)).toBe("19.00");
    expect(unitsToDecimal(100, 6)).toBe("0.0001");
    expect(unitsToDecimal(0, 2)).toBe("0");
  });
});

describe("parsePlanForm", () => {
  it("reads a free plan with no rate limit and no quota", () => {
    const result = parsePlanForm(source(BASE), USD);
    expect(result).toEqual({
      ok: true,
      values: expect.objectContaining({
        name: "Basic",
        monthlyPriceCents: 0,
        rateLimit: null,
        quota: null,
        hardLimit: true,
        overagePriceMicros: 0,
        objects: [],
        features: [],
      }),
    });
  });

  it("reads every field of a paid plan with overage, rate limit, flags, features and an object", () => {
    const result = parsePlanForm(
      source({
        ...BASE,
        name: " Pro ",
        monthlyPrice: "19.00",
        recommended: "on",
        private: "on",
        deprecated: "on",
        approvalRequired: "on",
        rateLimitKind: "count",
        rateLimitCount: "100",
        rateLimitUnit: "second",
        quota: "1000000",
        quotaPeriod: "year",
        limitMode: "overage",
        overagePrice: "0.0001",
        features: "Fast\n\n  E-mail support  \n",
        objectCount: "2",
        "object-0-name": "Forecasts",
        "object-0-quota": "100",
        "object-0-quotaPeriod": "day",
        "object-0-limitMode": "hard",
        "object-0-endpoints": ["GET /cities/{id}/forecast", "GET /cities/{id}/forecast"],
      }),
      USD,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.values).toEqual({
      name: "Pro",
      recommended: true,
      private: true,
      deprecated: true,
      approvalRequired: true,
      hardLimit: false,
      overagePriceMicros: 100,
      rateLimit: { count: 100, unit: "second" },
      quota: 1_000_000,
      quotaPeriod: "year",
      objects: [
        {
          name: "Forecasts",
          quota: 100,
          quotaPeriod: "day",
          hardLimit: true,
          overagePriceMicros: 0,
          endpoints: ["GET /cities/{id}/forecast"],
        },
      ],
      features: ["Fast", "E-mail support"],
      monthlyPriceCents: 1900,
    });
  });

  it("'one request per unit' sets the count to 1", () => {
    const result = parsePlanForm(source({ ...BASE, rateLimitKind: "one", rateLimitUnit: "day" }), USD);
    expect(result.ok && result.values.rateLimit).toEqual({ count: 1, unit: "day" });
  });

  it("names each bad field", () => {
    const result = parsePlanForm(
      source({
        ...BASE,
        name: "  ",
        monthlyPrice: "12.345",
        rateLimitKind: "count",
        rateLimitCount: "0",
        quota: "ten",
        rateLimitUnit: "fortnight",
        objectCount: "1",
        "object-0-name": "Forecasts",
        "object-0-quota": "",
        "object-0-quotaPeriod": "day",
        "object-0-limitMode": "hard",
      }),
      USD,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fields).sort()).toEqual(
      [
        "monthlyPrice",
        "name",
        "object-0-endpoints",
        "object-0-quota",
        "quota",
        "rateLimitCount",
        "rateLimitUnit",
      ].sort(),
    );
  });

  it("refuses overage without a quota or without a price", () => {
    const noQuota = parsePlanForm(source({ ...BASE, limitMode: "overage", overagePrice: "0.01" }), USD);
    expect(noQuota.ok ? null : noQuota.fields.limitMode).toMatch(/needs a quota/);
    const noPrice = parsePlanForm(source({ ...BASE, quota: "10", limitMode: "overage", overagePrice: "" }), USD);
    expect(noPrice.ok ? null : noPrice.fields.overagePrice).toMatch(/price charged/);
  });

  it("ignores an object row left empty and uses whole units for zero-decimal currencies", () => {
    const result = parsePlanForm(
      source({ ...BASE, monthlyPrice: "1900", objectCount: "1", "object-0-quotaPeriod": "day" }),
      { priceDigits: 0 },
    );
    expect(result.ok && result.values.objects).toEqual([]);
    expect(result.ok && result.values.monthlyPriceCents).toBe(1900);
    expect(parsePlanForm(source({ ...BASE, monthlyPrice: "19.5" }), { priceDigits: 0 }).ok).toBe(false);
  });
});
