/*
 * What a plan change costs and how it is recorded, shared by the immediate change (subscription-billing.service.ts)
 * and the approval of a change request (plan-change-requests.ts, decision 049). Inside a paid period: credit for the
 * old plan's unused time and charge for the new plan's remaining time (one net amount; a net credit is carried to the
 * next invoice). From a free plan to a paid one: a new period starts and its full price is due.
 */
import type { Db, DbTransaction } from "../../db/connection";
import type { SubscriptionRow } from "../../db/tables/gateway.tables";
import { prorationLines, subscriptionLine } from "../billing/invoice-lines";
import { insertInvoiceIn } from "../billing/invoices.service";
import type { InvoiceLineInput } from "../billing/invoices.types";
import { resolveCurrency } from "../billing/money";
import type { Plan } from "../plans/plans.types";
import { getTenant } from "../tenants/tenants.service";
import { withdrawPendingPlanRequests } from "./plan-change-requests.queries";
import { addBillingPeriod } from "./subscription-model";
import type { SubscriptionTransition } from "./subscription-state";
import { applyTransitionIn, type TransitionResult } from "./subscription-transitions";

const INVOICE_DUE_MS = 30 * 24 * 60 * 60 * 1000;

export interface PlanChangeBill {
  currency: string;
  /** The tenant bills by invoice: nothing is charged to a card, the invoice stays open. */
  invoiceBilling: boolean;
  lines: InvoiceLineInput[];
  /** The period after the change (null: a free plan without a period). */
  period: { start: number; end: number } | null;
  /** Sum of the lines: what is due now (≤ 0: nothing to charge). */
  netMinor: number;
}

/** The invoice lines of moving `billing` to `plan` at `at` (nothing is written). */
export async function planChangeBill(
  db: Db,
  tenantId: string,
  billing: SubscriptionRow,
  plan: Plan,
  at: number,
): Promise<PlanChangeBill> {
  const tenant = await getTenant(db, tenantId);
  const invoiceBilling = tenant?.config.switches.invoiceBilling ?? false;
  const currency = billing.currency ?? resolveCurrency(plan.currency, tenant?.config.defaultCurrency);
  const oldPrice = Number(billing.price_minor ?? 0);
  const newPrice = plan.monthlyPriceCents;
  const periodStart = billing.current_period_start === null ? null : Number(billing.current_period_start);
  const periodEnd = billing.current_period_end === null ? null : Number(billing.current_period_end);

  let lines: InvoiceLineInput[] = [];
  let period: { start: number; end: number } | null = null;
  if (periodStart !== null && periodEnd !== null && at < periodEnd && oldPrice > 0) {
    const oldPlanName = (await loadPlanName(db, tenantId, billing.plan_id)) ?? "Previous plan";
    lines = prorationLines({
      oldPlan: { id: billing.plan_id, name: oldPlanName, priceMinor: oldPrice },
      newPlan: { id: plan.id, name: plan.name, priceMinor: newPrice },
      period: { start: periodStart, end: periodEnd },
      changeAt: at,
      subscriptionId: billing.id,
    });
    period = { start: periodStart, end: periodEnd };
  } else if (newPrice > 0) {
    period = { start: at, end: addBillingPeriod(at) };
    lines = [
      subscriptionLine({
        planName: plan.name,
        priceMinor: newPrice,
        period,
        planId: plan.id,
        subscriptionId: billing.id,
      }),
    ];
  }
  const netMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  return { currency, invoiceBilling, lines, period, netMinor };
}

/**
 * Inside the caller's transaction: the subscription moves to `plan` (mirrored onto covered teams), the invoice of the
 * bill is written, and a change request still waiting is withdrawn (the plan it was asked from is gone).
 */
export async function recordPlanChangeIn(
  trx: DbTransaction,
  tenantId: string,
  current: SubscriptionRow,
  plan: Plan,
  bill: PlanChangeBill,
  input: {
    transition: SubscriptionTransition;
    actor: string;
    customerUserId: string;
    token: string | null;
    chargeId: string | null;
    at: number;
  },
): Promise<TransitionResult> {
  const { at, chargeId } = input;
  const { invoiceBilling, period, lines, netMinor: net, currency } = bill;
  const newPrice = plan.monthlyPriceCents;
  const applied = await applyTransitionIn(trx, tenantId, current, {
    transition: input.transition,
    actor: input.actor,
    reason: `Plan changed to ${plan.name}`,
    now: at,
    changes: {
      plan_id: plan.id,
      price_minor: newPrice,
      currency,
      payment_method_token: input.token,
      collection_method: newPrice > 0 ? (invoiceBilling ? "send_invoice" : "charge_card") : current.collection_method,
      ...(period ? { current_period_start: period.start, current_period_end: period.end } : {}),
    },
  });
  if (lines.length > 0) {
    await insertInvoiceIn(
      trx,
      tenantId,
      {
        currency,
        status: net > 0 && invoiceBilling ? "open" : "paid",
        customerUserId: input.customerUserId,
        organizationId: current.organization_id,
        subscriptionId: current.id,
        collectionMethod: invoiceBilling ? "send_invoice" : "charge_card",
        periodStart: period?.start ?? null,
        periodEnd: period?.end ?? null,
        dueAt: net > 0 && invoiceBilling ? at + INVOICE_DUE_MS : null,
        paymentReference: chargeId,
        lines,
      },
      at,
    );
  }
  await withdrawPendingPlanRequests(trx, tenantId, current.id, at);
  return applied;
}

export async function loadPlanName(db: Db, tenantId: string, planId: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom("plans")
    .select("name")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", planId)
    .executeTakeFirst();
  return row?.name ?? null;
}
