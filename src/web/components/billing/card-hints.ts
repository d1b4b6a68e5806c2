import { detectBrand, isExpired, normalizeCardNumber, passesLuhn } from "../../../core/payments/card-validation";
import type { CardBrand } from "../../../core/payments/payment-processor";

/*
 * Client-side hints for the card form: formatting as people type and a per-field check before sending. They only
 * help; the server runs the same checks (core/payments/card-validation.ts) and its answer is the one that counts.
 */

export interface CardFormValues {
  holderName: string;
  number: string;
  /** "MM / YY" as typed. */
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardFormValues;

/** Catalog keys (billing.cardHints.*) of the problems found, per field. */
export type CardHints = Partial<Record<CardField, "holderName" | "number" | "expiry" | "expired" | "cvc" | "cvcAmex">>;

/** Groups of four (American Express: 4-6-5), at most 19 digits. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 19);
  if (detectBrand(digits) === "amex") {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(" ");
  }
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "0" → "0", "1" → "1", "12" → "12 / ", "1229" → "12 / 29"; a first digit above 1 is a month: "4" → "04 / ". */
export function formatExpiry(input: string, previous = ""): string {
  let digits = input.replace(/\D/g, "").slice(0, 4);
  if (digits.length === 1 && digits > "1") digits = `0${digits}`;
  // Backspace over the separator removes the month's last digit instead of re-adding the separator.
  if (previous.endsWith(" / ") && input.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Month and four-digit year from "MM / YY" (or "MM/YYYY"); null when it is not a date. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2] ?? "";
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export function cardBrandOf(number: string): CardBrand {
  return detectBrand(number.replace(/\D/g, ""));
}

/** Every problem found, per field (empty when the form may be sent). */
export function checkCardForm(values: CardFormValues, now: number): CardHints {
  const hints: CardHints = {};
  const holder = values.holderName.trim();
  if (holder.length < 2 || !/\p{L}/u.test(holder)) hints.holderName = "holderName";
  const digits = normalizeCardNumber(values.number);
  if (!digits || !passesLuhn(digits)) hints.number = "number";
  const expiry = parseExpiry(values.expiry);
  if (!expiry) hints.expiry = "expiry";
  else if (isExpired(expiry.month, expiry.year, now)) hints.expiry = "expired";
  const amex = digits !== null && detectBrand(digits) === "amex";
  if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(values.cvc.trim())) hints.cvc = amex ? "cvcAmex" : "cvc";
  return hints;
}

/** The values as the server's CardInput (call only after checkCardForm found nothing). */
export function toCardInput(values: CardFormValues): {
  holderName: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
} {
  const expiry = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
  return {
    holderName: values.holderName.trim(),
    number: values.number.replace(/\D/g, ""),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: values.cvc.trim(),
  };
}
