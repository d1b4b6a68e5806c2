import type { SubscriptionStatus } from "../../db/tables/gateway.tables";
import { requireViewer } from "../accounts/accounts.policy";
import { requireManageableApp } from "../apps/apps.policy";
import { AppError } from "../errors/app-error";
import { assertCanManageApi } from "../plans/plans.policy";
import { getPlan } from "../plans/plans.service";
import type { UseCaseContext } from "../use-case-context";
import { type ApprovalPayment, approveIn, chargeFirstPeriodOnApproval } from "./approval-billing";
import { decidePlanChange, toSubscriptionsWithRequests } from "./plan-change-requests";
import { selectLatestPlanRequests, withdrawPendingPlanRequests } from "./plan-change-requests.queries";
import { recordSubscribedEvent, subscribeWithPayment } from "./subscribe.service";
import { type Subscription, toSubscription } from "./subscription-model";
import type { PaymentDeps } from "./subscription-payments";
import { nextStatus, type SubscriptionTransition } from "./subscription-state";
import { announceSubscriptionChange, applyTransitionIn } from "./subscription-transitions";
import {
  selectSubscriptionById,
  selectSubscriptionIn,
  selectSubscriptionsOfApi,
  selectSubscriptionsOfApp,
} from "./subscriptions.queries";

export { type Subscription, toSubscription } from "./subscription-model";
export { PAID_PLANS_MESSAGE } from "./subscription-payments";

/** Spec section 3/4 subscription states. */
export const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  "unsubscribed",
  "subscribed",
  "pending_approval",
  "access_rejected",
  "suspended",
];

/**
 * Subscribes an app to a plan without a card: free plans, paid plans under the tenant's invoice-billing switch, an
 * organization team joining an existing subscription. A paid plan that needs a card is refused with
 * PAID_PLANS_MESSAGE; subscribeWithPayment (subscribe.service.ts) takes the card.
 */
export async function subscribeToPlan(ctx: UseCaseContext, planId: string, appId: string): Promise<Subscription> {
  return subscribeWithPayment(ctx, { planId, appId });
}

/** The consumer ends a subscription now; the gateway refuses the app's calls to that API within seconds. */
export async function unsubscribe(ctx: UseCaseContext, subscriptionId: string) {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  const sub = await selectSubscriptionById(db, tenantId, subscriptionId);
  if (!sub) throw new AppError("NOT_FOUND", "Subscription not found");
  await requireManageableApp(db, tenantId, viewerId, sub.app_id);
  const result = await db.kysely.transaction().execute((trx) =>
    applyTransitionIn(trx, tenantId, sub, {
      transition: "unsubscribe",
      actor: viewerId,
      reason: "Unsubscribed by the consumer",
      now: Date.now(),
      changes: { covered_by_subscription_id: null, cancel_at_period_end: 0 },
    }).then(async (result) => {
      // Gone subscriptions ask for nothing (a team leaving keeps its organization's request).
      if (!sub.covered_by_subscription_id) await withdrawPendingPlanRequests(trx, tenantId, sub.id, Date.now());
      return result;
    }),
  );
  announceSubscriptionChange(result);
  return toSubscription(result.row);
}

export type ProviderDecision = "approve" | "reject" | "suspend" | "reactivate";

const DECISIONS: Record<ProviderDecision, SubscriptionTransition> = {
  approve: "approve",
  reject: "reject",
  suspend: "suspend",
  reactivate: "reactivate",
};

/**
 * Provider side: approve or reject a pending request, suspend or reactivate a subscription. Approving a paid request
 * bills its first period (approval-billing.ts), so `deps.processor` is needed for card-paid plans. On an active
 * subscription, approve and reject decide its plan change request (plan-change-requests.ts, decision 049).
 */
export async function decideSubscription(
  ctx: UseCaseContext,
  subscriptionId: string,
  decision: ProviderDecision,
  deps: PaymentDeps = {},
): Promise<Subscription> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  const sub = await selectSubscriptionById(db, tenantId, subscriptionId);
  if (!sub) throw new AppError("NOT_FOUND", "Subscription not found");
  await assertCanManageApi(db, tenantId, viewerId, sub.api_id);
  if ((decision === "approve" || decision === "reject") && sub.status === "subscribed") {
    const h = db.kysely;
    const billing = sub.covered_by_subscription_id
      ? await selectSubscriptionIn(h, tenantId, sub.covered_by_subscription_id)
      : sub;
    const [latest] = billing ? await selectLatestPlanRequests(h, tenantId, [billing.id]) : [];
    // A pending request is decided; the same decision sent again (a retry, a second click) answers without moving money.
    const repeated = latest?.status === (decision === "approve" ? "approved" : "rejected");
    if (billing && latest && (latest.status === "pending" || repeated)) {
      if (latest.status === "pending") await decidePlanChange(db, tenantId, viewerId, billing, latest, decision, deps);
      const after = (await selectSubscriptionIn(h, tenantId, sub.id)) ?? sub;
      const [view] = await toSubscriptionsWithRequests(db, tenantId, [after]);
      return view ?? toSubscription(after);
    }
  }
  const now = (deps.now ?? Date.now)();
  let payment: ApprovalPayment = { kind: "none" };
  let planName = "";
  if (decision === "approve") {
    nextStatus(sub.status, "approve"); // refuse before any money moves
    payment = await chargeFirstPeriodOnApproval(db, sub, deps);
    planName = (await getPlan(db, tenantId, sub.plan_id))?.name ?? "Plan";
  }
  const result = await db.kysely.transaction().execute(async (trx) => {
    const current = (await selectSubscriptionIn(trx, tenantId, sub.id)) ?? sub;
    if (decision === "approve") {
      // A concurrent approval got there first: its charge is the one replayed above, nothing more is recorded.
      if (payment.kind !== "none" && Number(current.updated_at) !== Number(sub.updated_at)) {
        throw new AppError("CONFLICT", "The subscription changed meanwhile; reload it and try again.");
      }
      const approved = await approveIn(trx, tenantId, current, { actor: viewerId, payment, planName, at: now });
      // Subscribed to the plan, even when a declined first charge suspends it at once (then paying reactivates it).
      await recordSubscribedEvent(trx, tenantId, sub.owner_user_id, approved.row, now);
      return approved;
    }
    return applyTransitionIn(trx, tenantId, current, {
      transition: DECISIONS[decision],
      actor: viewerId,
      reason: `Provider decision: ${decision}`,
      now,
    });
  });
  announceSubscriptionChange(result);
  return toSubscription(result.row);
}

export async function listSubscriptionsOfApp(ctx: UseCaseContext, appId: string) {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  await requireManageableApp(db, tenantId, viewerId, appId);
  return toSubscriptionsWithRequests(db, tenantId, await selectSubscriptionsOfApp(db, tenantId, appId));
}

/** Provider side: who subscribes to the API, in every state. */
export async function listSubscriptionsOfApi(ctx: UseCaseContext, apiId: string) {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  await assertCanManageApi(db, tenantId, viewerId, apiId);
  return toSubscriptionsWithRequests(db, tenantId, await selectSubscriptionsOfApi(db, tenantId, apiId));
}
