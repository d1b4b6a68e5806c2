/*
 * Proration in integer minor units (rule in docs/decisions/040-money-in-minor-units.md).
 *
 * A price P for the period [start, end) of length D accrues along the cumulative curve
 *   F(x) = floor(P × (x − start) / D)           (x clamped to [start, end]; F(start) = 0, F(end) = P)
 * and the amount for any slice [a, b) of the period is F(b) − F(a). Because slices telescope, the amounts billed for
 * any split of a period add up to exactly P: no cent is created or lost. The single rounding sits in F (toward the
 * start of the period), so the share of the *remaining* time, P − F(t), is the exact share rounded up: a credit for
 * unused time never falls short of the exact value, and a charge for the remaining time never falls short either;
 * each is within one minor unit of the exact share. Arithmetic is BigInt: P × D overflows 2^53 for long periods.
 */
import { AppError } from "../errors/app-error";
import { assertMinorUnits } from "./money";

export interface BillingPeriod {
  /** Epoch ms, inclusive. */
  start: number;
  /** Epoch ms, exclusive. */
  end: number;
}

function assertPeriod(period: BillingPeriod): void {
  if (!Number.isSafeInteger(period.start) || !Number.isSafeInteger(period.end) || period.end <= period.start) {
    throw new AppError("BAD_REQUEST", "A billing period must end after it starts.");
  }
}

function assertPrice(priceMinor: number): void {
  assertMinorUnits(priceMinor, "price");
  if (priceMinor < 0) throw new AppError("BAD_REQUEST", "A plan price cannot be negative.");
}

/** F(x): the part of `priceMinor` accrued from the period start up to `at` (clamped to the period). */
export function accruedAmount(priceMinor: number, period: BillingPeriod, at: number): number {
  assertPrice(priceMinor);
  assertPeriod(period);
  const x = Math.min(Math.max(at, period.start), period.end);
  const elapsed = BigInt(x - period.start);
  const length = BigInt(period.end - period.start);
  return Number((BigInt(priceMinor) * elapsed) / length);
}

/** The amount for the slice [from, to) of the period: F(to) − F(from). Slices of one period sum to the price. */
export function sliceAmount(priceMinor: number, period: BillingPeriod, from: number, to: number): number {
  if (to < from) throw new AppError("BAD_REQUEST", "A billing slice must not end before it starts.");
  return accruedAmount(priceMinor, period, to) - accruedAmount(priceMinor, period, from);
}

/** The share of the price for the time left in the period after `at`: P − F(at), i.e. the exact share rounded up. */
export function remainingAmount(priceMinor: number, period: BillingPeriod, at: number): number {
  return sliceAmount(priceMinor, period, at, period.end);
}

export interface PlanChangeProration {
  /** Credit for the unused time of the old plan (≥ 0; shown as a negative invoice line). */
  creditMinor: number;
  /** Charge for the remaining time on the new plan (≥ 0). */
  chargeMinor: number;
  /** chargeMinor − creditMinor: positive is due now, negative is credit carried to the next invoice. */
  netMinor: number;
}

/**
 * Proration when a subscription moves from one plan to another at `changeAt` inside `period`: credit for the old
 * plan's unused time, charge for the new plan's remaining time, both by the slice rule above. Both prices must be in
 * the same currency (the caller checks; plans of one API share the tenant's currency).
 */
export function proratePlanChange(input: {
  oldPriceMinor: number;
  newPriceMinor: number;
  period: BillingPeriod;
  changeAt: number;
}): PlanChangeProration {
  const creditMinor = remainingAmount(input.oldPriceMinor, input.period, input.changeAt);
  const chargeMinor = remainingAmount(input.newPriceMinor, input.period, input.changeAt);
  return { creditMinor, chargeMinor, netMinor: chargeMinor - creditMinor };
}
