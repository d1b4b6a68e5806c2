/*
 * Overage: (counted calls above the quota) × the plan's overage price per request. Per-request prices are sub-cent, so
 * plans store them in micros: millionths of the currency's *major* unit (plans.overage_price_micros; $0.0004 = 400).
 * The line amount is computed exactly as a fraction and rounded once per invoice line, half up, to the currency's
 * minor unit (docs/decisions/040-money-in-minor-units.md). BigInt throughout: calls × micros overflows 2^53 quickly.
 */
import { AppError } from "../errors/app-error";
import { assertMinorUnits, currencyExponent } from "./money";

export const MICROS_PER_MAJOR_UNIT = 1_000_000n;

function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new AppError("BAD_REQUEST", `The ${what} must be a whole number ≥ 0.`, { value });
  }
}

/** Calls above the quota; a null quota (unlimited) has no overage. */
export function callsAboveQuota(countedCalls: number, quota: number | null): number {
  assertCount(countedCalls, "call count");
  if (quota === null) return 0;
  assertCount(quota, "quota");
  return Math.max(0, countedCalls - quota);
}

/** calls × price in micros of a major unit, converted to minor units and rounded half up, once. */
export function overageAmountMinor(billableCalls: number, priceMicros: number, currency: string): number {
  assertCount(billableCalls, "call count");
  assertCount(priceMicros, "overage price");
  const exponent = currencyExponent(currency);
  const numerator = BigInt(billableCalls) * BigInt(priceMicros) * 10n ** BigInt(exponent);
  const denominator = MICROS_PER_MAJOR_UNIT;
  const rounded = (numerator + denominator / 2n) / denominator;
  const amount = Number(rounded);
  assertMinorUnits(amount, "overage amount");
  return amount;
}

export interface OverageCharge {
  /** Calls above the quota that are billed. */
  quantity: number;
  unitPriceMicros: number;
  amountMinor: number;
  currency: string;
}

/**
 * The overage for one plan (or plan object) and quota period. Hard-limited plans refuse calls beyond the quota at
 * the gateway, so they never carry overage even if a count somehow exceeds the quota.
 */
export function computeOverage(input: {
  countedCalls: number;
  quota: number | null;
  hardLimit: boolean;
  priceMicros: number;
  currency: string;
}): OverageCharge {
  const quantity = input.hardLimit ? 0 : callsAboveQuota(input.countedCalls, input.quota);
  return {
    quantity,
    unitPriceMicros: input.priceMicros,
    amountMinor: overageAmountMinor(quantity, input.priceMicros, input.currency),
    currency: input.currency,
  };
}
