/*
 * Pure builders for invoice lines and totals. Every line's amount is computed (and, for overage, rounded) once here;
 * totals are plain integer sums of the lines, so an invoice's total always equals what its lines show.
 */

import type { InvoiceStatus } from "../../db/tables/billing.tables";
import { AppError } from "../errors/app-error";
import type { InvoiceLineInput, InvoiceTotals } from "./invoices.types";
import { assertMinorUnits } from "./money";
import { computeOverage } from "./overage";
import { type BillingPeriod, proratePlanChange } from "./proration";

export function subscriptionLine(input: {
  planName: string;
  priceMinor: number;
  period: BillingPeriod;
  planId?: string | null;
  subscriptionId?: string | null;
}): InvoiceLineInput {
  assertMinorUnits(input.priceMinor, "price");
  return {
    kind: "subscription",
    description: `${input.planName} plan`,
    quantity: 1,
    unitAmountMinor: input.priceMinor,
    amountMinor: input.priceMinor,
    planId: input.planId ?? null,
    subscriptionId: input.subscriptionId ?? null,
    periodStart: input.period.start,
    periodEnd: input.period.end,
  };
}

/** Two lines for a plan change: the old plan's unused time (credit, negative) and the new plan's remaining time. */
export function prorationLines(input: {
  oldPlan: { id?: string | null; name: string; priceMinor: number };
  newPlan: { id?: string | null; name: string; priceMinor: number };
  period: BillingPeriod;
  changeAt: number;
  subscriptionId?: string | null;
}): InvoiceLineInput[] {
  const p = proratePlanChange({
    oldPriceMinor: input.oldPlan.priceMinor,
    newPriceMinor: input.newPlan.priceMinor,
    period: input.period,
    changeAt: input.changeAt,
  });
  const slice = { periodStart: Math.max(input.changeAt, input.period.start), periodEnd: input.period.end };
  return [
    {
      kind: "proration",
      description: `Unused time on ${input.oldPlan.name}`,
      quantity: 1,
      amountMinor: -p.creditMinor,
      planId: input.oldPlan.id ?? null,
      subscriptionId: input.subscriptionId ?? null,
      ...slice,
    },
    {
      kind: "proration",
      description: `Remaining time on ${input.newPlan.name}`,
      quantity: 1,
      amountMinor: p.chargeMinor,
      planId: input.newPlan.id ?? null,
      subscriptionId: input.subscriptionId ?? null,
      ...slice,
    },
  ];
}

/** The overage line for one plan (or plan object) and quota period; null when nothing is above the quota. */
export function overageLine(input: {
  label: string;
  countedCalls: number;
  quota: number | null;
  hardLimit: boolean;
  priceMicros: number;
  currency: string;
  period: BillingPeriod;
  planId?: string | null;
  subscriptionId?: string | null;
}): InvoiceLineInput | null {
  const overage = computeOverage(input);
  if (overage.quantity === 0) return null;
  return {
    kind: "overage",
    description: `${input.label}: requests above the quota`,
    quantity: overage.quantity,
    unitPriceMicros: overage.unitPriceMicros,
    amountMinor: overage.amountMinor,
    planId: input.planId ?? null,
    subscriptionId: input.subscriptionId ?? null,
    periodStart: input.period.start,
    periodEnd: input.period.end,
  };
}

/** A line applying credit carried from an earlier invoice (negative). */
export function creditLine(creditMinor: number, description = "Credit from a previous invoice"): InvoiceLineInput {
  assertMinorUnits(creditMinor, "credit");
  if (creditMinor <= 0) throw new AppError("BAD_REQUEST", "A credit line needs a positive credit amount.");
  return { kind: "credit", description, quantity: 1, amountMinor: -creditMinor };
}

/** Checks a line's shape: sign per kind, whole minor units, a description. */
export function assertValidLine(line: InvoiceLineInput): void {
  assertMinorUnits(line.amountMinor, "line amount");
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) {
    throw new AppError("BAD_REQUEST", "A line quantity is a whole number ≥ 0.");
  }
  if (!line.description.trim() || line.description.length > 500) {
    throw new AppError("BAD_REQUEST", "A line needs a description of at most 500 characters.");
  }
  if ((line.kind === "subscription" || line.kind === "overage") && line.amountMinor < 0) {
    throw new AppError("BAD_REQUEST", `A ${line.kind} line cannot be negative.`);
  }
  if (line.kind === "credit" && line.amountMinor > 0)
    throw new AppError("BAD_REQUEST", "A credit line cannot be positive.");
}

/** Subtotal = Σ lines; the total never goes below zero: excess credit is carried to the next invoice. */
export function computeInvoiceTotals(lines: readonly InvoiceLineInput[]): InvoiceTotals {
  let subtotal = 0;
  for (const line of lines) {
    assertValidLine(line);
    subtotal += line.amountMinor;
  }
  assertMinorUnits(subtotal, "subtotal");
  return {
    subtotalMinor: subtotal,
    totalMinor: Math.max(0, subtotal),
    carriedCreditMinor: Math.max(0, -subtotal),
  };
}

const TRANSITIONS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ["open"],
  open: ["paid", "void", "uncollectible"],
  uncollectible: ["paid", "void"],
  paid: [],
  void: [],
};

/** Invoice lifecycle: draft → open (numbered) → paid | void | uncollectible; uncollectible → paid | void. */
export function canTransitionInvoice(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function formatInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, "0")}`;
}
