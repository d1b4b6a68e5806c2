/*
 * Card checks done before a card is tokenized: Luhn checksum, expiry not in the past, CVC length for the brand,
 * holder name. Shared by processors and by forms that want field-level feedback. Pure.
 */
import type { CardBrand, CardDetails, DeclineReason } from "./payment-processor";

/** Digits only: spaces and dashes people type are removed; anything else makes the number invalid. */
export function normalizeCardNumber(input: string): string | null {
  const compact = input.replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(compact) ? compact : null;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function detectBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  return "unknown";
}

/** A card is valid through the last day of its expiry month (UTC). */
export function isExpired(expMonth: number, expYear: number, now: number): boolean {
  const endOfMonth = Date.UTC(expYear, expMonth, 1); // month is 1-based here, so this is the 1st of the next month
  return now >= endOfMonth;
}

export type CardCheck =
  | { ok: true; digits: string; brand: CardBrand; last4: string; holderName: string }
  | { ok: false; reason: DeclineReason; message: string };

/** Validates card details; the first problem found is reported. */
export function checkCard(card: CardDetails, now: number): CardCheck {
  const digits = normalizeCardNumber(card.number);
  if (!digits || !passesLuhn(digits)) {
    return { ok: false, reason: "invalid_number", message: "The card number is not valid." };
  }
  const brand = detectBrand(digits);
  if (
    !Number.isInteger(card.expMonth) ||
    card.expMonth < 1 ||
    card.expMonth > 12 ||
    !Number.isInteger(card.expYear) ||
    card.expYear < 2000 ||
    card.expYear > 2100
  ) {
    return { ok: false, reason: "invalid_expiry", message: "The expiry date is not valid." };
  }
  if (isExpired(card.expMonth, card.expYear, now)) {
    return { ok: false, reason: "expired_card", message: "The card has expired." };
  }
  const cvcLength = brand === "amex" ? 4 : 3;
  if (!/^\d{3,4}$/.test(card.cvc) || (brand !== "unknown" && card.cvc.length !== cvcLength)) {
    return { ok: false, reason: "invalid_cvc", message: "The security code is not valid." };
  }
  const holderName = card.holderName.trim().replace(/\s+/g, " ");
  if (
    holderName.length < 2 ||
    holderName.length > 100 ||
    !/\p{L}/u.test(holderName) ||
    /[<>\p{Cc}]/u.test(holderName)
  ) {
    return { ok: false, reason: "invalid_holder_name", message: "Enter the card holder's name." };
  }
  return { ok: true, digits, brand, last4: digits.slice(-4), holderName };
}
