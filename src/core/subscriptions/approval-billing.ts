/*
 * The first payment of a paid plan that needs the provider's approval (decision 045). Subscribing only verifies and
 * stores the card (the 0.50 hold, voided); nothing is charged while the request waits. Approval charges the first
 * period to the stored card (or issues the invoice under the tenant's invoice-billing switch) and starts the period;
 * a rejection leaves nothing to refund. A declined charge at approval still approves, then suspends the subscription
 * with the price as its past-due balance, exactly like a failed renewal: the consumer pays it to reactivate.
 */
import type { Db, DbTransaction } from "../../db/connection";
import type { SubscriptionRow } from "../../db/tables/gateway.tables";
import { subscriptionLine } from "../billing/invoice-lines";
import { insertInvoiceIn } from "../billing/invoices.service";
import { DEFAULT_CURRENCY } from "../billing/money";
import { AppError } from "../errors/app-error";
import { chargeThroughLedger } from "../payments/ledger-charge";
import { CURRENTLY_UNAVAILABLE_MESSAGE } from "../payments/payment-messages";
import { addBillingPeriod } from "./subscription-model";
import { type PaymentDeps, requireProcessor } from "./subscription-payments";
import { applyTransitionIn, SYSTEM_ACTOR, type TransitionResult } from "./subscription-transitions";

const DAY_MS = 24 * 60 * 60 * 1000;
const INVOICE_DUE_DAYS = 30;

/** A pending request whose first period has not been paid (or invoiced) yet: approval bills it. */
export function awaitsFirstPayment(row: SubscriptionRow): boolean {
  return (
    !row.covered_by_subscription_id &&
    row.current_period_end === null &&
    Number(row.price_minor ?? 0) > 0 &&
    row.collection_method !== null
  );
}

export type ApprovalPayment =
  | { kind: "none" }
  | { kind: "invoice" }
  | { kind: "charged"; chargeId: string }
  | { kind: "failed"; reason: string };

/**
 * Charges the first period before the approval is recorded. The processor key is derived from the pending row's
 * last change, so two concurrent approvals of one request replay one charge; a processor outage refuses the decision
 * (UNAVAILABLE) with nothing recorded, and the provider tries again.
 */
export async function chargeFirstPeriodOnApproval(
  db: Db,
  row: SubscriptionRow,
  deps: PaymentDeps,
): Promise<ApprovalPayment> {
  if (!awaitsFirstPayment(row)) return { kind: "none" };
  if (row.collection_method === "send_invoice") return { kind: "invoice" };
  if (!row.payment_method_token) return { kind: "failed", reason: "no payment method on file" };
  const processor = requireProcessor(deps);
  const outcome = await chargeThroughLedger(
    db,
    processor,
    row.tenant_id,
    {
      userId: row.owner_user_id,
      paymentMethodToken: row.payment_method_token,
      amountMinor: Number(row.price_minor),
      currency: row.currency ?? DEFAULT_CURRENCY,
      authorizeKey: `approval:${row.id}:${Number(row.updated_at)}`,
      description: "First period, on approval",
    },
    {},
    deps.now,
  );
  if (outcome.ok) return { kind: "charged", chargeId: outcome.chargeId };
  const failure = outcome.failure;
  if (failure.status === "error" && failure.code === "unavailable") {
    throw new AppError("UNAVAILABLE", CURRENTLY_UNAVAILABLE_MESSAGE);
  }
  return { kind: "failed", reason: failure.status === "declined" ? failure.reason : failure.code };
}

/**
 * The approval itself, inside the caller's transaction: pending → subscribed (with the first period when it is billed
 * now), the first invoice (paid, open with a due date, or open and past due), and a failed charge suspends at once.
 */
export async function approveIn(
  trx: DbTransaction,
  tenantId: string,
  pending: SubscriptionRow,
  input: { actor: string; payment: ApprovalPayment; planName: string; at: number },
): Promise<TransitionResult> {
  const { payment, at } = input;
  const period = { start: at, end: addBillingPeriod(at) };
  const approved = await applyTransitionIn(trx, tenantId, pending, {
    transition: "approve",
    actor: input.actor,
    reason: "Provider decision: approve",
    now: at,
    ...(payment.kind === "none"
      ? {}
      : { changes: { current_period_start: period.start, current_period_end: period.end } }),
  });
  if (payment.kind === "none") return approved;
  const row = approved.row;
  const price = Number(row.price_minor);
  const invoiced = payment.kind === "invoice";
  await insertInvoiceIn(
    trx,
    tenantId,
    {
      currency: row.currency ?? DEFAULT_CURRENCY,
      status: payment.kind === "charged" ? "paid" : "open",
      customerUserId: row.owner_user_id,
      organizationId: row.organization_id,
      subscriptionId: row.id,
      collectionMethod: invoiced ? "send_invoice" : "charge_card",
      periodStart: period.start,
      periodEnd: period.end,
      dueAt: invoiced ? at + INVOICE_DUE_DAYS * DAY_MS : at,
      paymentReference: payment.kind === "charged" ? payment.chargeId : null,
      lines: [
        subscriptionLine({
          planName: input.planName,
          priceMinor: price,
          period,
          planId: row.plan_id,
          subscriptionId: row.id,
        }),
      ],
    },
    at,
  );
  if (payment.kind !== "failed") return approved;
  return applyTransitionIn(trx, tenantId, row, {
    transition: "suspend",
    actor: SYSTEM_ACTOR,
    reason: `First charge on approval failed: ${payment.reason}`,
    now: at,
    changes: { past_due_minor: Number(row.past_due_minor ?? 0) + price },
  });
}
