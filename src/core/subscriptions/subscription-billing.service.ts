/*
 * Changing a paid subscription: plan change with proration in integer minor units (billing/proration.ts) and cancel at
 * period end. Paying a past-due balance is past-due.service.ts, the modal's quote subscription-quote.service.ts.
 * Organization subscriptions change for every team they cover (decision 042).
 */
import type { Db } from "../../db/connection";
import type { SubscriptionRow } from "../../db/tables/gateway.tables";
import { requireViewer } from "../accounts/accounts.policy";
import { requireManageableApp } from "../apps/apps.policy";
import { fingerprintRequest, type IdempotentContext, runIdempotent } from "../billing/idempotency";
import { AppError } from "../errors/app-error";
import type { CardDetails } from "../payments/payment-processor";
import type { Plan } from "../plans/plans.types";
import type { UseCaseContext } from "../use-case-context";
import { withSubscriptionPaymentLock } from "./payment-lock";
import { planChangeBill, recordPlanChangeIn } from "./plan-change-billing";
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
import { announceSubscriptionChange, applyTransition } from "./subscription-transitions";
import { selectSubscriptionIn } from "./subscriptions.queries";

/** The subscription a change applies to: a team's covered row changes its organization's subscription. */
export async function billingRowOf(db: Db, tenantId: string, viewerId: string, subscriptionId: string) {
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
  ctx: UseCaseContext,
  input: ChangePlanInput,
  deps: PaymentDeps = {},
): Promise<Subscription> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
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
  ctx: UseCaseContext,
  subscriptionId: string,
  now: () => number = Date.now,
): Promise<Subscription> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
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
