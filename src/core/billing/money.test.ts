import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  currencyExponent,
  formatMoney,
  minorToDecimalString,
  parseMajorAmount,
  resolveCurrency,
  sumMoney,
} from "./money";

describe("money", () => {
  it("knows the minor-unit exponent of common currencies", () => {
    expect(currencyExponent("USD")).toBe(2);
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("KWD")).toBe(3);
    expect(() => currencyExponent("XXQ")).toThrow(/Unknown currency/);
  });

  it("falls back to the tenant default, then USD", () => {
    expect(resolveCurrency("eur")).toBe("EUR");
    expect(resolveCurrency(null, "GBP")).toBe("GBP");
    expect(resolveCurrency(undefined, undefined)).toBe("USD");
    expect(resolveCurrency("nope", null)).toBe("USD");
  });

  it("formats with the currency's own number of decimals", () => {
    expect(formatMoney({ amountMinor: 1999, currency: "USD" }, "en-US")).toBe("$19.99");
    expect(formatMoney({ amountMinor: 50, currency: "USD" }, "en-US")).toBe("$0.50");
    expect(formatMoney({ amountMinor: -5, currency: "USD" }, "en-US")).toBe("-$0.05");
    expect(formatMoney({ amountMinor: 1500, currency: "JPY" }, "en-US")).toBe("¥1,500");
    const spaced = (text: string) => text.replace(/\s/g, " ");
    expect(spaced(formatMoney({ amountMinor: 1234, currency: "KWD" }, "en-US"))).toBe("KWD 1.234");
    expect(spaced(formatMoney({ amountMinor: 123456, currency: "EUR" }, "de-DE"))).toBe("1.234,56 €");
  });

  it("formats large amounts exactly (no float step)", () => {
    expect(formatMoney({ amountMinor: 9007199254740991, currency: "USD" }, "en-US")).toBe("$90,071,992,547,409.91");
  });

  it("round-trips minor units through the decimal string", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom("USD", "JPY", "KWD"), (minor, currency) => {
        expect(parseMajorAmount(minorToDecimalString(minor, currency), currency)).toBe(minor);
      }),
    );
  });

  it("refuses more decimals than the currency has, and mixed currencies", () => {
    expect(parseMajorAmount("12.5", "USD")).toBe(1250);
    expect(() => parseMajorAmount("12.505", "USD")).toThrow(/at most 2 decimal/);
    expect(() => parseMajorAmount("1.5", "JPY")).toThrow(/at most 0 decimal/);
    expect(() => parseMajorAmount("1e3", "USD")).toThrow();
    expect(() =>
      sumMoney(
        [
          { amountMinor: 1, currency: "USD" },
          { amountMinor: 1, currency: "EUR" },
        ],
        "USD",
      ),
    ).toThrow(/Cannot add EUR/);
    expect(() => sumMoney([{ amountMinor: 0.5, currency: "USD" }], "USD")).toThrow(/whole number/);
  });
});
