import { describe, expect, it } from "vitest";
import { checkCard, detectBrand, isExpired, normalizeCardNumber, passesLuhn } from "./card-validation";

const NOW = Date.UTC(2025, 5, 15);
const good = { number: "4242 4242 4242 4242", expMonth: 6, expYear: 2025, cvc: "123", holderName: "  Grace   Hopper " };

describe("card validation", () => {
  it("checks the Luhn sum", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("378282246310005")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("0000000000000001")).toBe(false);
  });

  it("normalizes spaces and dashes and refuses other characters", () => {
    expect(normalizeCardNumber("4242-4242 4242 4242")).toBe("4242424242424242");
    expect(normalizeCardNumber("4242x4242424242424")).toBeNull();
    expect(normalizeCardNumber("42")).toBeNull();
  });

  it("detects brands", () => {
    expect(detectBrand("4242424242424242")).toBe("visa");
    expect(detectBrand("5555555555554444")).toBe("mastercard");
    expect(detectBrand("2223003122003222")).toBe("mastercard");
    expect(detectBrand("378282246310005")).toBe("amex");
    expect(detectBrand("6011111111111117")).toBe("discover");
  });

  it("treats the expiry month as valid through its last day", () => {
    expect(isExpired(6, 2025, Date.UTC(2025, 5, 30, 23, 59))).toBe(false);
    expect(isExpired(6, 2025, Date.UTC(2025, 6, 1))).toBe(true);
    expect(isExpired(12, 2025, Date.UTC(2025, 11, 31))).toBe(false);
    expect(isExpired(12, 2025, Date.UTC(2026, 0, 1))).toBe(true);
  });

  it("accepts a good card and reports the first problem of a bad one", () => {
    expect(checkCard(good, NOW)).toEqual({
      ok: true,
      digits: "4242424242424242",
      brand: "visa",
      last4: "4242",
      holderName: "Grace Hopper",
    });
    expect(checkCard({ ...good, number: "4242424242424243" }, NOW)).toMatchObject({ reason: "invalid_number" });
    expect(checkCard({ ...good, expMonth: 5 }, NOW)).toMatchObject({ reason: "expired_card" });
    expect(checkCard({ ...good, expMonth: 0 }, NOW)).toMatchObject({ reason: "invalid_expiry" });
    expect(checkCard({ ...good, cvc: "1234" }, NOW)).toMatchObject({ reason: "invalid_cvc" });
    expect(checkCard({ ...good, cvc: "12a" }, NOW)).toMatchObject({ reason: "invalid_cvc" });
    expect(checkCard({ ...good, number: "378282246310005", cvc: "1234" }, NOW)).toMatchObject({ ok: true });
    expect(checkCard({ ...good, holderName: "1" }, NOW)).toMatchObject({ reason: "invalid_holder_name" });
    expect(checkCard({ ...good, holderName: "<script>" }, NOW)).toMatchObject({ reason: "invalid_holder_name" });
  });
});
