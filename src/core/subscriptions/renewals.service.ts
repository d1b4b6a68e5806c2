/*
 * Billing runs (decision 043), called by the worker (src/worker): at each billing period end a subscription is
 * renewed (next period charged to the stored card, or invoiced under the tenant's invoice-billing switch) with the
 * overage of every completed quota period on the same invoice: exactly (counted calls above quota) × the plan's
 * overage price, from the gateway's billing counters. A failed charge suspends the subscription (the gateway refuses
 * its keys within seconds) and records the past-due balance; paying it reactivates (payPastDue). Subscriptions
 * cancelled at period end are ended instead, with a last overage invoice.
 *
 * Exactly once per (subscription, period): each renewal runs under the idempotency ledger with key
 * "{subscription}:{period end}", its invoice is found again by (subscription, period start), the charge uses the
 * request's step keys (a rerun replays it), quota periods are marked billed under a primary key, and the period only
 * advances with a conditional update from the old period end.
 */
import type { Db } from "../../db/connection";
import type { SubscriptionRow } from "../../db/tables/gateway.tables";
import { fingerprintRequest, runIdempotent } from "../billing/idempotency";
import { creditLine, overageLine, subscriptionLine } from "../billing/invoice-lines";
import { updateInvoiceFromStatus } from "../billing/invoices.queries";
import { insertInvoiceIn } from "../billing/invoices.service";
import type { InvoiceLineInput } from "../billing/invoices.types";
import { AppError, isAppError } from "../errors/app-error";
import { chargeThroughLedger } from "../payments/ledger-charge";
import type { PaymentProcessor } from "../payments/payment-processor";
import { getPlan } from "../plans/plans.service";
import { nextPeriodStart } from "../plans/quota-period";
import { addBillingPeriod } from "./subscription-model";
import { announceSubscriptionChange, applyTransitionIn, SYSTEM_ACTOR } from "./subscription-transitions";
import {
  insertOverageBillings,
  selectBillingCountersOf,
  selectInvoiceOfPeriod,
  selectOverageBillingsOf,
  selectSubscriptionIn,
  selectSubscriptionsDueForRenewal,
  sumCreditOf,
} from "./subscriptions.queries";

export type RenewalStep = "invoiced" | "charge_authorized" | "charged" | "recorded";

export interface RenewalDeps {
  processor: PaymentProcessor;
  now?: () => number;
  /** Test hook: throwing here simulates a crash right after `step`. */
  crashAt?: (step: RenewalStep, subscriptionId: string) => void;
  limit?: number;
}

export interface RenewalReport {
  renewed: string[];
  suspended: string[];
  ended: string[];
  /** Left for the next run (processor unavailable, a crash, a concurrent change). */
  retryLater: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const INVOICE_DUE_DAYS = 30;

/** One sweep over every tenant's due subscriptions (a subscription behind by several periods catches up over runs). */
export async function runBillingCycle(db: Db, deps: RenewalDeps): Promise<RenewalReport> {
  const now = deps.now ?? Date.now;
  const report: RenewalReport = { renewed: [], suspended: [], ended: [], retryLater: [] };
  const due = await selectSubscriptionsDueForRenewal(db.kysely, now(), deps.limit ?? 200);
  for (const sub of due) {
    // A suspended subscription is not charged again: it waits for its past-due payment (or its cancellation).
    if (sub.status === "suspended" && Number(sub.cancel_at_period_end) !== 1) continue;
    try {
      const outcome = await renewSubscription(db, sub, deps);
      report[outcome].push(sub.id);
    } catch (error) {
      if (isAppError(error) && error.status < 500 && error.code !== "CONFLICT") throw error;
      report.retryLater.push(sub.id);
    }
  }
  return report;
}

type RenewalOutcome = "renewed" | "suspended" | "ended";

/** Renews (or ends) one subscription whose period is over; safe to call again after a crash at any step. */
export async function renewSubscription(db: Db, sub: SubscriptionRow, deps: RenewalDeps): Promise<RenewalOutcome> {
  const now = deps.now ?? Date.now;
  const oldEnd = Number(sub.current_period_end);
  const key = `${sub.id}:${oldEnd}`;
  const outcome = await runIdempotent(
    db,
    sub.tenant_id,
    "worker:renewal",
    key,
    fingerprintRequest({ subscription: sub.id, periodEnd: oldEnd }),
    async (ctx): Promise<RenewalOutcome> => {
      const ending = Number(sub.cancel_at_period_end) === 1;
      const newEnd = addBillingPeriod(oldEnd);
      const invoice = await ensureInvoice(db, sub, { start: oldEnd, end: newEnd }, ending, now());
      deps.crashAt?.("invoiced", sub.id);

      let chargeId: string | null = null;
      let failure: string | null = null;
      const collect = invoice && invoice.total > 0 && sub.collection_method !== "send_invoice";
      if (collect && invoice) {
        if (!sub.payment_method_token) {
          failure = "no payment method on file";
        } else {
          const charged = await chargeThroughLedger(
            db,
            deps.processor,
            sub.tenant_id,
            {
              userId: null,
              paymentMethodToken: sub.payment_method_token,
              amountMinor: invoice.total,
              currency: invoice.currency,
              authorizeKey: ctx.stepKey("charge"),
              description: ending ? "Final overage" : "Subscription renewal",
            },
            { afterAuthorize: () => deps.crashAt?.("charge_authorized", sub.id) },
            now,
          );
          if (charged.ok) chargeId = charged.chargeId;
          else if (charged.failure.status === "error" && charged.failure.code === "unavailable") {
            // Not the customer's fault: leave everything for the next run (same step keys).
            throw new AppError("UNAVAILABLE", "The payment processor is unavailable.");
          } else failure = charged.failure.status === "declined" ? charged.failure.reason : charged.failure.code;
        }
      }
      deps.crashAt?.("charged", sub.id);

      const at = now();
      const result = await db.kysely.transaction().execute(async (trx) => {
        const current = await selectSubscriptionIn(trx, sub.tenant_id, sub.id);
        if (!current || Number(current.current_period_end) !== oldEnd) return null;
        if (invoice && chargeId) {
          await updateInvoiceFromStatus(trx, sub.tenant_id, invoice.id, "open", {
            status: "paid",
            amount_paid_minor: invoice.total,
            payment_reference: chargeId,
            paid_at: at,
            updated_at: at,
          });
        }
        if (ending) {
          const ended = await applyTransitionIn(trx, sub.tenant_id, current, {
            transition: "end_at_period_end",
            actor: SYSTEM_ACTOR,
            reason: "Cancelled at period end",
            now: at,
            expectedPeriodEnd: oldEnd,
            changes: {
              current_period_start: null,
              current_period_end: null,
              past_due_minor: Number(current.past_due_minor) + (failure && invoice ? invoice.total : 0),
            },
          });
          return { outcome: "ended" as const, ...ended };
        }
        const period = { current_period_start: oldEnd, current_period_end: newEnd };
        if (failure && invoice) {
          const suspended = await applyTransitionIn(trx, sub.tenant_id, current, {
            transition: "suspend",
            actor: SYSTEM_ACTOR,
            reason: `Renewal charge failed: ${failure}`,
            now: at,
            expectedPeriodEnd: oldEnd,
            changes: { ...period, past_due_minor: Number(current.past_due_minor) + invoice.total },
          });
          return { outcome: "suspended" as const, ...suspended };
        }
        const renewed = await applyTransitionIn(trx, sub.tenant_id, current, {
          transition: "renew",
          actor: SYSTEM_ACTOR,
          reason: invoice ? `Renewed (invoice ${invoice.id})` : "Renewed",
          now: at,
          expectedPeriodEnd: oldEnd,
          changes: period,
        });
        return { outcome: "renewed" as const, ...renewed };
      });
      deps.crashAt?.("recorded", sub.id);
      if (!result) {
        const current = await selectSubscriptionIn(db.kysely, sub.tenant_id, sub.id);
        return current?.status === "suspended" ? "suspended" : current?.status === "unsubscribed" ? "ended" : "renewed";
      }
      announceSubscriptionChange(result);
      return result.outcome;
    },
    { now },
  );
  return outcome.response;
}

interface RenewalInvoice {
  id: string;
  total: number;
  currency: string;
}

/**
 * The invoice of the period starting at `period.start`: found again on a rerun, else built from the next period's
 * price (unless the subscription ends), the overage of completed quota periods not billed yet, and carried credit.
 * Null when there is nothing to bill.
 */
async function ensureInvoice(
  db: Db,
  sub: SubscriptionRow,
  period: { start: number; end: number },
  ending: boolean,
  at: number,
): Promise<RenewalInvoice | null> {
  const tenantId = sub.tenant_id;
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const plan = await getPlan(db, tenantId, sub.plan_id);
  if (!plan) throw new AppError("NOT_FOUND", "The subscription's plan is gone.");
  return db.kysely.transaction().execute(async (trx) => {
    const existing = await selectInvoiceOfPeriod(trx, tenantId, sub.id, period.start);
    if (existing) return { id: existing.id, total: Number(existing.total_minor), currency: existing.currency };
    const currency = sub.currency ?? plan.currency;
    const lines: InvoiceLineInput[] = [];
    const price = Number(sub.price_minor);
    if (!ending && price > 0) {
      lines.push(
        subscriptionLine({ planName: plan.name, priceMinor: price, period, planId: plan.id, subscriptionId: sub.id }),
      );
    }
    // Overage: every completed quota period of the gateway's counters not billed yet.
    const billed = new Set(
      (await selectOverageBillingsOf(trx, tenantId, sub.id)).map((b) => `${b.scope}|${Number(b.period_start)}`),
    );
    const marks: Array<{ scope: string; period_start: number; quantity: number; line: boolean }> = [];
    for (const c of await selectBillingCountersOf(trx, tenantId, sub.id)) {
      const start = Number(c.period_start);
      if (billed.has(`${c.scope}|${start}`)) continue;
      const object = c.scope === "plan" ? null : plan.objects.find((o) => o.id === c.scope);
      const limits = object
        ? {
            label: `${plan.name} · ${object.name}`,
            quota: object.quota,
            hardLimit: object.hardLimit,
            micros: object.overagePriceMicros,
            period: object.quotaPeriod,
          }
        : {
            label: plan.name,
            quota: plan.quota,
            hardLimit: plan.hardLimit,
            micros: plan.overagePriceMicros,
            period: plan.quotaPeriod,
          };
      const end = nextPeriodStart(limits.period, start);
      // Only complete quota periods (the count can still grow before then), unless this is the last invoice.
      if (end > at && !ending) continue;
      const line = overageLine({
        label: limits.label,
        countedCalls: Number(c.count),
        quota: limits.quota,
        hardLimit: limits.hardLimit,
        priceMicros: limits.micros,
        currency,
        period: { start, end },
        planId: plan.id,
        subscriptionId: sub.id,
      });
      if (line) lines.push(line);
      marks.push({ scope: c.scope, period_start: start, quantity: line?.quantity ?? 0, line: line !== null });
    }
    const subtotal = lines.reduce((s, l) => s + l.amountMinor, 0);
    const credit = Math.min(await sumCreditOf(trx, tenantId, sub.id), subtotal);
    if (credit > 0) lines.push({ ...creditLine(credit), subscriptionId: sub.id });

    let invoiceId: string | null = null;
    if (lines.length > 0) {
      const sendInvoice = sub.collection_method === "send_invoice";
      invoiceId = await insertInvoiceIn(
        trx,
        tenantId,
        {
          currency,
          status: "open",
          customerUserId: sub.owner_user_id,
          organizationId: sub.organization_id,
          subscriptionId: sub.id,
          collectionMethod: sendInvoice ? "send_invoice" : "charge_card",
          periodStart: period.start,
          periodEnd: ending ? period.start : period.end,
          dueAt: sendInvoice ? at + INVOICE_DUE_DAYS * DAY_MS : at,
          lines,
        },
        at,
      );
    }
    await insertOverageBillings(
      trx,
      tenantId,
      marks.map((m) => ({
        subscription_id: sub.id,
        scope: m.scope,
        period_start: m.period_start,
        invoice_id: m.line ? invoiceId : null,
        quantity: m.quantity,
        created_at: at,
      })),
    );
    if (!invoiceId) return null;
    const total = Math.max(0, subtotal - credit);
    // A fully credited invoice is settled at once.
    if (total === 0) {
      await updateInvoiceFromStatus(trx, tenantId, invoiceId, "open", {
        status: "paid",
        paid_at: at,
        updated_at: at,
      });
    }
    return { id: invoiceId, total, currency };
  });
}
