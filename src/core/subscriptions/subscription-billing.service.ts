/*
 * Changing a paid subscription: plan change with proration in integer minor units (billing/proration.ts), cancel at
 * period end, paying a past-due balance (suspended → subscribed), and the quote the subscription modal shows before
 * any of it. Organization subscriptions change for every team they cover (decision 042).
 */
import type { Db } from "../../db/connection";
import type { SubscriptionRow } from "../../db/tables/gateway.tables";
import { requireManageableApp } from "../apps/apps.policy";
import { fingerprintRequest, type IdempotentContext, runIdempotent } from "../billing/idempotency";
import { prorationLines } from "../billing/invoice-lines";
import { updateInvoiceFromStatus } from "../billing/invoices.queries";
import { resolveCurrency } from "../billing/money";
import { AppError } from "../errors/app-error";
import { verificationHoldAmount } from "../payments/payment-holds.service";
import type { CardDetails } from "../payments/payment-processor";
import type { Plan } from "../plans/plans.types";
import { getTenant } from "../tenants/tenants.service";
import { withSubscriptionPaymentLock } from "./payment-lock";
import { loadPlanName, planChangeBill, recordPlanChangeIn } from "./plan-change-billing";
import { requestPlanChangeLocked, toSubscriptionsWithRequests } from "./plan-change-requests";
import { withdrawPendingPlanRequests } from "./plan-change-requests.queries";
import { loadSubscribable, type Subscription, toSubscription } from "./subscription-model";
import {
  addVerifiedCard,
  cardFingerprint,
  cardRequiredError,
  chargeCard,
  type PaymentDeps,
} from "./subscription-payments";
import { announceSubscriptionChange, applyTransition, applyTransitionIn } from "./subscription-transitions";
import {
  selectOpenInvoicesOfSubscription,
  selectOrganizationSubscription,
  selectSubscriptionIn,
  selectSubscriptionOfAppIn,
} from "./subscriptions.queries";

/** The subscription a change applies to: a team's covered row changes its organization's subscription. */
async function billingRowOf(db: Db, tenantId: string, viewerId: string, subscriptionId: string) {
  const h = db.kysely;
  const sub = await selectSubscriptionIn(h, tenantId, subscriptionId);
  if (!sub) throw new AppError("NOT_FOUND", "Subscription not found");
  await requireManageableApp(db, tenantId, viewerId, sub.app_id);
  if (!sub.covered_by_subscription_id) return { sub, billing: sub };
  const billing = await selectSubscriptionIn(h, tenantId, sub.covered_by_subscription_id);
  if (!billing) throw new AppError("NOT_FOUND", "Subscription not found");
  return { sub, billing };
}

export interface ChangePlanInput {
  subscriptionId: string;
  planId: string;
  card?: CardDetails | null;
  idempotencyKey: string;
}

/** Moves a subscription (and every team an organization subscription covers) to another plan of the same API. */
export async function changeSubscriptionPlan(
  db: Db,
  tenantId: string,
  viewerId: string,
  input: ChangePlanInput,
  deps: PaymentDeps = {},
): Promise<Subscription> {
  const { sub, billing } = await billingRowOf(db, tenantId, viewerId, input.subscriptionId);
  const fingerprint = fingerprintRequest({
    subscriptionId: input.subscriptionId,
    planId: input.planId,
    card: cardFingerprint(input.card),
  });
  const outcome = await runIdempotent(
    db,
    tenantId,
    `change_plan:${viewerId}`,
    input.idempotencyKey,
    fingerprint,
    async (ctx) => {
      const { plan } = await loadSubscribable(db, tenantId, viewerId, input.planId, billing.app_id);
      if (plan.apiId !== billing.api_id) throw new AppError("BAD_REQUEST", "The plan belongs to another API");
      await changePlanSteps(db, tenantId, viewerId, billing, plan, input.card ?? null, ctx, deps);
      const after = await selectSubscriptionIn(db.kysely, tenantId, sub.id);
      const [view] = await toSubscriptionsWithRequests(db, tenantId, [after ?? sub]);
      return view ?? toSubscription(after ?? sub);
    },
    { now: deps.now },
  );
  return outcome.response;
}

/**
 * The plan change itself, inside the caller's idempotent request. Inside a paid period: credit for the old plan's
 * unused time and charge for the new plan's remaining time (one net charge; a net credit is carried to the next
 * invoice). From a free plan to a paid one: a new period starts and its full price is charged.
 */
export async function changePlanSteps(
  db: Db,
  tenantId: string,
  viewerId: string,
  billing: SubscriptionRow,
  plan: Plan,
  card: CardDetails | null,
  ctx: IdempotentContext,
  deps: PaymentDeps,
): Promise<Subscription> {
  const now = deps.now ?? Date.now;
  if (billing.plan_id === plan.id) return toSubscription(billing);
  // One payment at a time for this subscription, whatever key another request carries (decision 046); the row is
  // read again under the lock, so a change another request just made is seen before anything is charged.
  const target = { appId: billing.app_id, apiId: billing.api_id };
  return withSubscriptionPaymentLock(db, tenantId, target, ctx.stepKey("payment-lock"), now, async () => {
    const fresh = await selectSubscriptionIn(db.kysely, tenantId, billing.id);
    if (!fresh) throw new AppError("NOT_FOUND", "Subscription not found");
    if (fresh.plan_id === plan.id) return toSubscription(fresh);
    return changePlanLocked(db, tenantId, viewerId, fresh, plan, card, ctx, deps);
  });
}

async function changePlanLocked(
  db: Db,
  tenantId: string,
  viewerId: string,
  billing: SubscriptionRow,
  plan: Plan,
  card: CardDetails | null,
  ctx: IdempotentContext,
  deps: PaymentDeps,
): Promise<Subscription> {
  // An active subscription asking for a plan that needs approval keeps its plan, and pays nothing, until the provider
  // approves (decision 049): the request is recorded beside it.
  if (plan.approvalRequired && billing.status === "subscribed") {
    return requestPlanChangeLocked(db, tenantId, viewerId, billing, plan, card, ctx, deps);
  }
  const now = deps.now ?? Date.now;
  const at = now();
  let bill = await planChangeBill(db, tenantId, billing, plan, at);
  let token = billing.payment_method_token;
  // A request still waiting for its first approval that switches to another plan needing approval stays a request:
  // nothing is charged now, approval bills the first period of the plan asked last (decision 045).
  if (plan.approvalRequired && billing.status === "pending_approval" && billing.current_period_end === null) {
    bill = { ...bill, lines: [], period: null, netMinor: 0 };
    if (card && plan.monthlyPriceCents > 0 && !bill.invoiceBilling) {
      token = await addVerifiedCard(db, tenantId, viewerId, card, bill.currency, ctx, deps);
    }
  }
  const net = bill.netMinor;

  let chargeId: string | null = null;
  if (net > 0 && !bill.invoiceBilling) {
    if (card) token = await addVerifiedCard(db, tenantId, viewerId, card, bill.currency, ctx, deps);
    if (!token) throw cardRequiredError();
    chargeId = await chargeCard(
      db,
      tenantId,
      viewerId,
      { token, amountMinor: net, currency: bill.currency, description: `Change to ${plan.name}` },
      ctx,
      deps,
    );
  }

  const result = await db.kysely.transaction().execute(async (trx) => {
    const current = await selectSubscriptionIn(trx, tenantId, billing.id);
    if (!current) throw new AppError("NOT_FOUND", "Subscription not found");
    if (current.plan_id === plan.id) return { row: current, covered: [] as SubscriptionRow[], fresh: false };
    const applied = await recordPlanChangeIn(trx, tenantId, current, plan, bill, {
      transition: plan.approvalRequired ? "change_plan_pending" : "change_plan",
      actor: viewerId,
      customerUserId: viewerId,
      token,
      chargeId,
      at,
    });
    return { ...applied, fresh: true };
  });
  deps.crashAt?.("recorded");
  if (result.fresh) announceSubscriptionChange(result);
  return toSubscription(result.row);
}

/**
 * Cancel: a paid subscription runs to the end of its period (the worker ends it then); a free one, or a team's place
 * in an organization subscription, ends now.
 */
export async function cancelSubscription(
  db: Db,
  tenantId: string,
  viewerId: string,
  subscriptionId: string,
  now: () => number = Date.now,
): Promise<Subscription> {
  const { sub } = await billingRowOf(db, tenantId, viewerId, subscriptionId);
  const at = now();
  const paidPeriod = sub.current_period_end !== null && Number(sub.price_minor) > 0 && !sub.covered_by_subscription_id;
  if (paidPeriod) {
    if (Number(sub.cancel_at_period_end) === 1) return toSubscription(sub);
    const { row } = await applyTransition(db, tenantId, sub, {
      transition: "cancel_at_period_end",
      actor: viewerId,
      reason: "Cancelled at period end",
      now: at,
      changes: { cancel_at_period_end: 1 },
    });
    return toSubscription(row);
  }
  const { row } = await applyTransition(db, tenantId, sub, {
    transition: "unsubscribe",
    actor: viewerId,
    reason: sub.covered_by_subscription_id ? "Team removed from the organization subscription" : "Cancelled",
    now: at,
    changes: { covered_by_subscription_id: null },
  });
  // A subscription that ended asks for nothing any more (a team leaving keeps its organization's request).
  if (!sub.covered_by_subscription_id) await withdrawPendingPlanRequests(db.kysely, tenantId, sub.id, at);
  return toSubscription(row);
}

export interface PayPastDueInput {
  subscriptionId: string;
  card: CardDetails;
  idempotencyKey: string;
}

/** Pays the past-due balance with a card: the open invoices are marked paid and the subscription reactivated. */
export async function payPastDue(
  db: Db,
  tenantId: string,
  viewerId: string,
  input: PayPastDueInput,
  deps: PaymentDeps = {},
): Promise<Subscription> {
  const { sub, billing } = await billingRowOf(db, tenantId, viewerId, input.subscriptionId);
  const fingerprint = fingerprintRequest({ subscriptionId: input.subscriptionId, card: cardFingerprint(input.card) });
  const outcome = await runIdempotent(
    db,
    tenantId,
    `pay_past_due:${viewerId}`,
    input.idempotencyKey,
    fingerprint,
    (ctx) =>
      payPastDueSteps(db, tenantId, viewerId, billing, input.card, ctx, deps).then(async (row) => {
        const after = sub.id === row.id ? row : await selectSubscriptionIn(db.kysely, tenantId, sub.id);
        return toSubscription(after ?? row);
      }),
    { now: deps.now },
  );
  return outcome.response;
}

async function payPastDueSteps(
  db: Db,
  tenantId: string,
  viewerId: string,
  billing: SubscriptionRow,
  card: CardDetails,
  ctx: IdempotentContext,
  deps: PaymentDeps,
): Promise<SubscriptionRow> {
  const now = deps.now ?? Date.now;
  const target = { appId: billing.app_id, apiId: billing.api_id };
  return withSubscriptionPaymentLock(db, tenantId, target, ctx.stepKey("payment-lock"), now, async () => {
    // Read again under the lock: another request may have paid the balance a moment ago.
    const fresh = await selectSubscriptionIn(db.kysely, tenantId, billing.id);
    if (!fresh) throw new AppError("NOT_FOUND", "Subscription not found");
    return payPastDueLocked(db, tenantId, viewerId, fresh, card, ctx, deps);
  });
}

async function payPastDueLocked(
  db: Db,
  tenantId: string,
  viewerId: string,
  billing: SubscriptionRow,
  card: CardDetails,
  ctx: IdempotentContext,
  deps: PaymentDeps,
): Promise<SubscriptionRow> {
  const now = deps.now ?? Date.now;
  const due = Number(billing.past_due_minor ?? 0);
  if (billing.status !== "suspended" || due <= 0) {
    throw new AppError("CONFLICT", "This subscription has no past-due balance to pay.");
  }
  const currency = billing.currency ?? "USD";
  const token = await addVerifiedCard(db, tenantId, viewerId, card, currency, ctx, deps);
  const chargeId = await chargeCard(
    db,
    tenantId,
    viewerId,
    { token, amountMinor: due, currency, description: "Past-due balance" },
    ctx,
    deps,
  );
  const at = now();
  const result = await db.kysely.transaction().execute(async (trx) => {
    const current = await selectSubscriptionIn(trx, tenantId, billing.id);
    if (!current) throw new AppError("NOT_FOUND", "Subscription not found");
    if (current.status !== "suspended") return { row: current, covered: [] as SubscriptionRow[] };
    for (const invoice of await selectOpenInvoicesOfSubscription(trx, tenantId, current.id)) {
      await updateInvoiceFromStatus(trx, tenantId, invoice.id, "open", {
        status: "paid",
        amount_paid_minor: invoice.total_minor,
        payment_reference: chargeId,
        paid_at: at,
        updated_at: at,
      });
    }
    return applyTransitionIn(trx, tenantId, current, {
      transition: "reactivate",
      actor: viewerId,
      reason: "Past-due balance paid",
      now: at,
      changes: { past_due_minor: 0, payment_method_token: token },
    });
  });
  deps.crashAt?.("recorded");
  announceSubscriptionChange(result);
  return result.row;
}

export interface SubscriptionQuote {
  plan: Plan;
  currency: string;
  monthlyPriceMinor: number;
  totalDueTodayMinor: number;
  holdAmountMinor: number;
  invoiceBilling: boolean;
  /** CHARGED: calls above the quota are billed as overage; SUSPENDED: the hard limit refuses them. */
  overageMode: "CHARGED" | "SUSPENDED";
  existingOrganizationSubscription: boolean;
  teamAddedFree: boolean;
  /** The plan needs the provider's approval: the card is verified now and charged the monthly price on approval. */
  chargedOnApproval: boolean;
  /**
   * An active subscription asks for a plan that needs approval (decision 049): it stays on `currentPlanName` and
   * nothing is due today; `dueOnApprovalMinor` (the proration as of now) is charged only if the provider approves.
   */
  changeNeedsApproval: boolean;
  dueOnApprovalMinor: number;
  currentPlanName: string | null;
}

/** What the subscription modal shows before the card step (nothing is written). */
export async function subscriptionQuote(
  db: Db,
  tenantId: string,
  viewerId: string,
  planId: string,
  appId: string,
  now: () => number = Date.now,
): Promise<SubscriptionQuote> {
  const { app, plan } = await loadSubscribable(db, tenantId, viewerId, planId, appId);
  const tenant = await getTenant(db, tenantId);
  const invoiceBilling = tenant?.config.switches.invoiceBilling ?? false;
  const currency = resolveCurrency(plan.currency, tenant?.config.defaultCurrency);
  const h = db.kysely;
  const orgSub = app.organization_id
    ? await selectOrganizationSubscription(h, tenantId, app.organization_id, plan.apiId)
    : undefined;
  const existingOrg = !!orgSub && orgSub.app_id !== app.id;
  const teamAddedFree = existingOrg && orgSub?.plan_id === plan.id;
  const own = await selectSubscriptionOfAppIn(h, tenantId, app.id, plan.apiId);
  const changing = existingOrg ? orgSub : own && own.status !== "unsubscribed" ? own : undefined;

  let due = plan.monthlyPriceCents;
  if (teamAddedFree || (changing && changing.plan_id === plan.id)) due = 0;
  else if (changing && changing.current_period_end !== null && Number(changing.price_minor) > 0) {
    const end = Number(changing.current_period_end);
    const start = Number(changing.current_period_start ?? end);
    const at = now();
    if (at < end) {
      const lines = prorationLines({
        oldPlan: { name: "old", priceMinor: Number(changing.price_minor) },
        newPlan: { name: plan.name, priceMinor: plan.monthlyPriceCents },
        period: { start, end },
        changeAt: at,
      });
      due = Math.max(
        0,
        lines.reduce((s, l) => s + l.amountMinor, 0),
      );
    }
  }
  const overageCharged = !plan.hardLimit && plan.overagePriceMicros > 0 && plan.quota !== null;
  // A new request for a paid plan that needs approval: nothing is due today (decision 045).
  const chargedOnApproval = plan.approvalRequired && !plan.isFree && !changing && !existingOrg;
  if (chargedOnApproval) due = 0;
  // A change of an active subscription to such a plan: nothing today either, the proration on approval (decision 049).
  const changeNeedsApproval =
    plan.approvalRequired && changing?.status === "subscribed" && changing.plan_id !== plan.id;
  const dueOnApproval = changeNeedsApproval && !invoiceBilling ? due : 0;
  if (changeNeedsApproval) due = 0;
  return {
    plan,
    currency,
    monthlyPriceMinor: plan.monthlyPriceCents,
    totalDueTodayMinor: invoiceBilling ? 0 : due,
    holdAmountMinor:
      invoiceBilling || plan.isFree || (due === 0 && !chargedOnApproval && dueOnApproval === 0)
        ? 0
        : verificationHoldAmount(currency),
    chargedOnApproval: chargedOnApproval && !invoiceBilling,
    changeNeedsApproval,
    dueOnApprovalMinor: dueOnApproval,
    currentPlanName: changing ? await loadPlanName(db, tenantId, changing.plan_id) : null,
    invoiceBilling,
    overageMode: overageCharged ? "CHARGED" : "SUSPENDED",
    existingOrganizationSubscription: existingOrg,
    teamAddedFree,
  };
}
