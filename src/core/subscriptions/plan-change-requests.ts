/*
 * Changes of an active subscription to a plan that needs the provider's approval (decision 049).
 * Asking records a request beside the subscription: the subscription stays on its plan (the gateway keeps serving its
 * limits), nothing is charged. Approving moves the plan and charges the proration, once, under the subscription's
 * payment lock; rejecting closes the request, leaves the plan as it was and tells the consumer.
 */
import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import type { SubscriptionRow } from "../../db/tables/gateway.tables";
import type { PlanChangeRequestRow } from "../../db/tables/subscription-billing.tables";
import type { IdempotentContext } from "../billing/idempotency";
import { escapeHtml } from "../billing/invoice-html";
import { AppError } from "../errors/app-error";
import { createNotification } from "../notifications/notifications.service";
import { chargeThroughLedger } from "../payments/ledger-charge";
import { CURRENTLY_UNAVAILABLE_MESSAGE } from "../payments/payment-messages";
import type { CardDetails } from "../payments/payment-processor";
import { getPlan } from "../plans/plans.service";
import type { Plan } from "../plans/plans.types";
import { withSubscriptionPaymentLock } from "./payment-lock";
import { loadPlanName, planChangeBill, recordPlanChangeIn } from "./plan-change-billing";
import {
  insertPlanRequest,
  selectLatestPlanRequests,
  selectPendingPlanRequest,
  selectPlanRequest,
  updatePlanRequestFrom,
  withdrawPendingPlanRequests,
} from "./plan-change-requests.queries";
import { type PlanRequestView, type Subscription, toSubscription } from "./subscription-model";
import { addVerifiedCard, cardRequiredError, type PaymentDeps, requireProcessor } from "./subscription-payments";
import { announceSubscriptionChange, type TransitionResult } from "./subscription-transitions";
import { selectApiForSubscription, selectSubscriptionIn } from "./subscriptions.queries";

export const PLAN_CHANGE_DECLINED_MESSAGE =
  "The consumer's card was declined: the plan was not changed and the request is still waiting.";
export const PLAN_CHANGE_INACTIVE_MESSAGE =
  "This subscription is not active any more: its plan change request can only be rejected.";
const ALREADY_DECIDED_MESSAGE = "This plan change request was already decided.";

/** The request the consumer sees: waiting, or rejected while the subscription is still on the plan it was asked from. */
export function planRequestView(row: PlanChangeRequestRow | undefined, sub: SubscriptionRow): PlanRequestView | null {
  if (!row) return null;
  const shown = row.status === "pending" || (row.status === "rejected" && row.from_plan_id === sub.plan_id);
  if (!shown) return null;
  return {
    id: row.id,
    planId: row.plan_id,
    fromPlanId: row.from_plan_id,
    status: row.status === "pending" ? "pending" : "rejected",
    quotedMinor: Number(row.quoted_minor),
    currency: row.currency,
    requestedAt: Number(row.requested_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
  };
}

/** Subscriptions as the consumer and provider see them, each with its plan change request (a team's: its organization's). */
export async function toSubscriptionsWithRequests(
  db: Db,
  tenantId: string,
  rows: readonly SubscriptionRow[],
): Promise<Subscription[]> {
  const billingIds = [...new Set(rows.map((r) => r.covered_by_subscription_id ?? r.id))];
  const latest = await selectLatestPlanRequests(db.kysely, tenantId, billingIds);
  const bySubscription = new Map(latest.map((r) => [r.subscription_id, r]));
  return rows.map((row) => ({
    ...toSubscription(row),
    planRequest: planRequestView(bySubscription.get(row.covered_by_subscription_id ?? row.id), row),
  }));
}

async function withRequest(db: Db, tenantId: string, row: SubscriptionRow): Promise<Subscription> {
  const [sub] = await toSubscriptionsWithRequests(db, tenantId, [row]);
  return sub ?? toSubscription(row);
}

/**
 * The consumer asks to move an active subscription to `plan` (which needs approval); the caller holds the payment
 * lock. Nothing is charged. A card given is verified (the 0.50 hold, voided) and kept for the approval's charge; without
 * one the subscription's stored card is charged then, and a change that would cost money with no card at all is
 * refused now rather than at approval. Asking again replaces the waiting request.
 */
export async function requestPlanChangeLocked(
  db: Db,
  tenantId: string,
  viewerId: string,
  billing: SubscriptionRow,
  plan: Plan,
  card: CardDetails | null,
  ctx: IdempotentContext,
  deps: PaymentDeps,
): Promise<Subscription> {
  const h = db.kysely;
  const at = (deps.now ?? Date.now)();
  const waiting = await selectPendingPlanRequest(h, tenantId, billing.id);
  if (waiting && waiting.plan_id === plan.id && !card) return withRequest(db, tenantId, billing);

  const bill = await planChangeBill(db, tenantId, billing, plan, at);
  const dueOnApproval = bill.invoiceBilling ? 0 : Math.max(0, bill.netMinor);
  let token: string | null = null;
  if (dueOnApproval > 0) {
    if (card) token = await addVerifiedCard(db, tenantId, viewerId, card, bill.currency, ctx, deps);
    else if (!billing.payment_method_token) throw cardRequiredError();
  }
  await h.transaction().execute(async (trx) => {
    // Requests of one subscription are told apart by their instant: one asked in the same millisecond as the previous
    // one is dated a millisecond later, so "the newest" is always one request.
    const [previous] = await selectLatestPlanRequests(trx, tenantId, [billing.id]);
    const requestedAt = previous ? Math.max(at, Number(previous.requested_at) + 1) : at;
    await withdrawPendingPlanRequests(trx, tenantId, billing.id, at);
    await insertPlanRequest(trx, {
      id: newId("pcr"),
      tenant_id: tenantId,
      subscription_id: billing.id,
      from_plan_id: billing.plan_id,
      plan_id: plan.id,
      status: "pending",
      requested_by: viewerId,
      quoted_minor: dueOnApproval,
      currency: bill.currency,
      payment_method_token: token,
      approving_at: null,
      requested_at: requestedAt,
      decided_by: null,
      decided_at: null,
    });
  });
  await notifyProvider(db, tenantId, billing, plan, at);
  return withRequest(db, tenantId, billing);
}

/**
 * Provider: approve or reject the request waiting on `billing` (the subscription that pays: an organization's row for
 * its teams). Both run under the subscription's payment lock, so a rejection cannot slip between an approval's charge
 * and its record. Deciding a request again answers with the subscription and moves no money.
 */
export async function decidePlanChange(
  db: Db,
  tenantId: string,
  viewerId: string,
  billing: SubscriptionRow,
  request: PlanChangeRequestRow,
  decision: "approve" | "reject",
  deps: PaymentDeps,
): Promise<Subscription> {
  const now = deps.now ?? Date.now;
  const target = { appId: billing.app_id, apiId: billing.api_id };
  // The holder is the request: a provider's retry after a crash takes its own lock back at once (decision 046).
  const holder = `plan_change:${request.id}`;
  return withSubscriptionPaymentLock(db, tenantId, target, holder, now, async () => {
    const h = db.kysely;
    const current = await selectPlanRequest(h, tenantId, request.id);
    const fresh = await selectSubscriptionIn(h, tenantId, billing.id);
    if (!current || !fresh) throw new AppError("NOT_FOUND", "Subscription not found");
    if (current.status === (decision === "approve" ? "approved" : "rejected")) return withRequest(db, tenantId, fresh);
    if (current.status !== "pending") throw new AppError("CONFLICT", ALREADY_DECIDED_MESSAGE);
    if (decision === "reject") return rejectLocked(db, tenantId, viewerId, fresh, current, now());
    return approveLocked(db, tenantId, viewerId, fresh, current, deps);
  });
}

async function rejectLocked(
  db: Db,
  tenantId: string,
  viewerId: string,
  sub: SubscriptionRow,
  request: PlanChangeRequestRow,
  at: number,
): Promise<Subscription> {
  // Nothing was charged for the request; a charge an approval captured and never recorded (a crash) is refunded by
  // reconciliation (decision 047), as no invoice names it.
  const changes = { status: "rejected" as const, decided_by: viewerId, decided_at: at };
  if (!(await updatePlanRequestFrom(db.kysely, tenantId, request.id, "pending", changes))) {
    throw new AppError("CONFLICT", ALREADY_DECIDED_MESSAGE);
  }
  const [asked, kept] = await Promise.all([
    loadPlanName(db, tenantId, request.plan_id),
    loadPlanName(db, tenantId, sub.plan_id),
  ]);
  await notifyConsumer(db, tenantId, request, sub, at, {
    type: "error",
    title: `Your request for ${asked ?? "the plan"} was rejected; you stay on ${kept ?? "your plan"}`,
    body: "The provider rejected the plan change. Nothing was charged and your subscription keeps working as before.",
  });
  return withRequest(db, tenantId, sub);
}

async function approveLocked(
  db: Db,
  tenantId: string,
  viewerId: string,
  sub: SubscriptionRow,
  request: PlanChangeRequestRow,
  deps: PaymentDeps,
): Promise<Subscription> {
  const h = db.kysely;
  if (sub.status !== "subscribed") throw new AppError("CONFLICT", PLAN_CHANGE_INACTIVE_MESSAGE);
  const plan = await getPlan(db, tenantId, request.plan_id);
  if (!plan) throw new AppError("NOT_FOUND", "Plan not found");
  // The proration instant is fixed by the first attempt: a retry computes the same amount and replays its charge.
  let approvingAt = request.approving_at === null ? null : Number(request.approving_at);
  if (approvingAt === null) {
    approvingAt = (deps.now ?? Date.now)();
    await h
      .updateTable("plan_change_requests")
      .set({ approving_at: approvingAt })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", request.id)
      .where("approving_at", "is", null)
      .execute();
  }
  const bill = await planChangeBill(db, tenantId, sub, plan, approvingAt);
  const token = request.payment_method_token ?? sub.payment_method_token;
  let chargeId: string | null = null;
  if (bill.netMinor > 0 && !bill.invoiceBilling) {
    if (!token) throw cardRequiredError();
    const outcome = await chargeThroughLedger(
      db,
      requireProcessor(deps),
      tenantId,
      {
        userId: request.requested_by,
        paymentMethodToken: token,
        amountMinor: bill.netMinor,
        currency: bill.currency,
        authorizeKey: `plan_change:${request.id}:${approvingAt}`,
        description: `Change to ${plan.name}, on approval`,
      },
      {},
      deps.now,
    );
    if (!outcome.ok) {
      const failure = outcome.failure;
      if (failure.status === "error" && failure.code === "unavailable") {
        throw new AppError("UNAVAILABLE", CURRENTLY_UNAVAILABLE_MESSAGE);
      }
      // A refused card leaves the request waiting; the next approval computes (and charges) afresh.
      await h
        .updateTable("plan_change_requests")
        .set({ approving_at: null })
        .where("tenant_id", "=", tenantId)
        .where("id", "=", request.id)
        .where("approving_at", "=", approvingAt)
        .execute();
      throw new AppError("BAD_REQUEST", PLAN_CHANGE_DECLINED_MESSAGE, { reason: "plan_change_declined" });
    }
    chargeId = outcome.chargeId;
  }
  const at = approvingAt;
  const result = await h.transaction().execute(async (trx): Promise<TransitionResult & { fresh: boolean }> => {
    const decided = { status: "approved" as const, decided_by: viewerId, decided_at: at };
    const current = await selectSubscriptionIn(trx, tenantId, sub.id);
    if (!current) throw new AppError("NOT_FOUND", "Subscription not found");
    if (!(await updatePlanRequestFrom(trx, tenantId, request.id, "pending", decided))) {
      return { row: current, covered: [], fresh: false };
    }
    const applied = await recordPlanChangeIn(trx, tenantId, current, plan, bill, {
      transition: "change_plan",
      actor: viewerId,
      customerUserId: request.requested_by,
      token,
      chargeId,
      at,
    });
    return { ...applied, fresh: true };
  });
  deps.crashAt?.("recorded");
  if (result.fresh) {
    announceSubscriptionChange(result);
    await notifyConsumer(db, tenantId, request, result.row, at, {
      type: "info",
      title: `Your request for ${plan.name} was approved`,
      body: "The provider approved the plan change; the new plan applies from now on.",
    });
  }
  return withRequest(db, tenantId, result.row);
}

/**
 * Best effort: the decision stands whether or not the tray message is written (the subscription's own view says it
 * too), so a failure here is not the caller's error.
 */
async function notifyConsumer(
  db: Db,
  tenantId: string,
  request: PlanChangeRequestRow,
  sub: SubscriptionRow,
  at: number,
  message: { type: "info" | "error"; title: string; body: string },
): Promise<void> {
  const api = await selectApiForSubscription(db, tenantId, sub.api_id);
  const body = `<p>${escapeHtml(api?.name ?? "API")}: ${escapeHtml(message.body)}</p>`;
  for (const userId of new Set([request.requested_by, sub.owner_user_id])) {
    await createNotification(db, tenantId, userId, { type: message.type, title: message.title, body }, at).catch(
      () => undefined,
    );
  }
}

async function notifyProvider(db: Db, tenantId: string, sub: SubscriptionRow, plan: Plan, at: number) {
  const api = await selectApiForSubscription(db, tenantId, sub.api_id);
  if (!api) return;
  const from = (await loadPlanName(db, tenantId, sub.plan_id)) ?? "its plan";
  const body = `<p>${escapeHtml(api.name)}: a subscriber asks to move from ${escapeHtml(from)} to ${escapeHtml(plan.name)}.</p>`;
  const title = `Plan change request for ${plan.name}`;
  // Best effort, as above: the request is in the provider's approval list either way.
  await createNotification(db, tenantId, api.owner_id, { type: "info", title, body }, at).catch(() => undefined);
}
