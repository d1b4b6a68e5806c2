import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canTransitionInvoice,
  computeInvoiceTotals,
  creditLine,
  formatInvoiceNumber,
  overageLine,
  prorationLines,
  subscriptionLine,
} from "./invoice-lines";
import type { InvoiceLineInput } from "./invoices.types";

const DAY = 86_400_000;
const period = { start: 0, end: 30 * DAY };

describe("invoice lines", () => {
  it("builds subscription, proration and overage lines", () => {
    expect(subscriptionLine({ planName: "Pro", priceMinor: 1999, period })).toMatchObject({
      kind: "subscription",
      amountMinor: 1999,
      unitAmountMinor: 1999,
    });
    const [credit, charge] = prorationLines({
      oldPlan: { name: "Basic", priceMinor: 1000 },
      newPlan: { name: "Pro", priceMinor: 3000 },
      period,
      changeAt: 20 * DAY,
    });
    expect(credit).toMatchObject({ kind: "proration", amountMinor: -334, description: "Unused time on Basic" });
    expect(charge).toMatchObject({ kind: "proration", amountMinor: 1000, description: "Remaining time on Pro" });
    expect(
      overageLine({
        label: "Pro",
        countedCalls: 10_250,
        quota: 10_000,
        hardLimit: false,
        priceMicros: 400,
        currency: "USD",
        period,
      }),
    ).toMatchObject({ kind: "overage", quantity: 250, unitPriceMicros: 400, amountMinor: 10 });
    expect(
      overageLine({
        label: "Pro",
        countedCalls: 10,
        quota: 10,
        hardLimit: false,
        priceMicros: 400,
        currency: "USD",
        period,
      }),
    ).toBeNull();
  });

  it("totals are the sum of the lines, never negative, with excess credit carried", () => {
    expect(
      computeInvoiceTotals([subscriptionLine({ planName: "Pro", priceMinor: 500, period }), creditLine(800)]),
    ).toEqual({
      subtotalMinor: -300,
      totalMinor: 0,
      carriedCreditMinor: 300,
    });
    const lineArb: fc.Arbitrary<InvoiceLineInput> = fc.oneof(
      fc
        .nat({ max: 1e9 })
        .map((a) => ({ kind: "subscription" as const, description: "s", quantity: 1, amountMinor: a })),
      fc
        .integer({ min: -1e9, max: 1e9 })
        .map((a) => ({ kind: "proration" as const, description: "p", quantity: 1, amountMinor: a })),
      fc.nat({ max: 1e9 }).map((a) => ({ kind: "overage" as const, description: "o", quantity: a, amountMinor: a })),
      fc.integer({ min: 1, max: 1e9 }).map((a) => creditLine(a)),
    );
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), (lines) => {
        const totals = computeInvoiceTotals(lines);
        const sum = lines.reduce((s, l) => s + l.amountMinor, 0);
        expect(totals.subtotalMinor).toBe(sum);
        expect(totals.totalMinor).toBeGreaterThanOrEqual(0);
        expect(totals.carriedCreditMinor).toBeGreaterThanOrEqual(0);
        expect(totals.totalMinor - totals.carriedCreditMinor).toBe(sum);
      }),
    );
  });

  it("refuses lines with the wrong sign or fractional amounts", () => {
    expect(() =>
      computeInvoiceTotals([{ kind: "subscription", description: "x", quantity: 1, amountMinor: -1 }]),
    ).toThrow(/cannot be negative/);
    expect(() => computeInvoiceTotals([{ kind: "credit", description: "x", quantity: 1, amountMinor: 5 }])).toThrow(
      /cannot be positive/,
    );
    expect(() =>
      computeInvoiceTotals([{ kind: "proration", description: "x", quantity: 1, amountMinor: 0.5 }]),
    ).toThrow(/whole number/);
    expect(() => computeInvoiceTotals([{ kind: "proration", description: " ", quantity: 1, amountMinor: 1 }])).toThrow(
      /description/,
    );
  });

  it("follows the invoice lifecycle", () => {
    expect(canTransitionInvoice("draft", "open")).toBe(true);
    expect(canTransitionInvoice("draft", "paid")).toBe(false);
    expect(canTransitionInvoice("open", "paid")).toBe(true);
    expect(canTransitionInvoice("open", "void")).toBe(true);
    expect(canTransitionInvoice("uncollectible", "paid")).toBe(true);
    expect(canTransitionInvoice("paid", "void")).toBe(false);
    expect(canTransitionInvoice("void", "open")).toBe(false);
    expect(formatInvoiceNumber(42)).toBe("INV-000042");
  });
});
