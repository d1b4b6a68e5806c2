import { describe, expect, it } from "vitest";
import { checkCardForm, formatCardNumber, formatExpiry, parseExpiry, toCardInput } from "./card-hints";

const NOW = Date.UTC(2026, 5, 15);
const GOOD = { holderName: "Ada Lovelace", number: "4242 4242 4242 4242", expiry: "12 / 30", cvc: "123" };

describe("card form hints", () => {
  it("groups digits by four, American Express 4-6-5, and drops anything else", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-42a42")).toBe("4242 4242");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("4".repeat(25)).replace(/ /g, "")).toHaveLength(19);
  });

  it("formats the expiry as MM / YY while typing, and backspace over the separator", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("4")).toBe("04 / ");
    expect(formatExpiry("12")).toBe("12 / ");
    expect(formatExpiry("1229")).toBe("12 / 29");
    expect(formatExpiry("12 /", "12 / ")).toBe("1");
  });

  it("parses two- and four-digit years and refuses month 13", () => {
    expect(parseExpiry("12 / 29")).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry("03/2031")).toEqual({ month: 3, year: 2031 });
    expect(parseExpiry("13 / 29")).toBeNull();
    expect(parseExpiry("soon")).toBeNull();
  });

  it("accepts a good card and names each bad field", () => {
    expect(checkCardForm(GOOD, NOW)).toEqual({});
    expect(checkCardForm({ holderName: " ", number: "4242 4242 4242 4241", expiry: "5", cvc: "12" }, NOW)).toEqual({
      holderName: "holderName",
      number: "number",
      expiry: "expiry",
      cvc: "cvc",
    });
    expect(checkCardForm({ ...GOOD, expiry: "05 / 26" }, NOW).expiry).toBe("expired");
    expect(checkCardForm({ ...GOOD, expiry: "06 / 26" }, NOW).expiry).toBeUndefined();
    expect(checkCardForm({ ...GOOD, number: "3782 822463 10005", cvc: "123" }, NOW).cvc).toBe("cvcAmex");
    expect(checkCardForm({ ...GOOD, number: "3782 822463 10005", cvc: "1234" }, NOW)).toEqual({});
  });

  it("sends digits only and a four-digit year", () => {
    expect(toCardInput(GOOD)).toEqual({
      holderName: "Ada Lovelace",
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2030,
      cvc: "123",
    });
  });
});
