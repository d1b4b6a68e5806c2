/*
 * Subscribing an app to a plan (decision 040): free plans without a card; paid plans with a card (throttle → card
 * checks → 0.50 hold, voided → first period charged → subscription, invoice and SubscribedToPlan event in one
 * transaction → gateway told), or with an open invoice when the tenant's invoice-billing switch is on; a plan that
 * needs the provider's approval only verifies and stores the card, and approval bills the first period
 * (approval-billing.ts, decision 045). Organization
 * apps join the organization's subscription to the API when there is one (decision 042). With an idempotency key
 * the whole request runs at most once (billing/idempotency.ts): repeats replay the first answer, 409 while in flight.
 */
import { newId } from "../../common/ids";
import type { Db, DbTransaction } from "../../db/connection";
import type { AppRow, SubscriptionRow } from "../../db/tables/gateway.tables";
import { requireViewer } from "../accounts/accounts.policy";
import { fingerprintRequest, type IdempotentContext, runIdempotent } from "../billing/idempotency";
import { subscriptionLine } from "../billing/invoice-lines";
import { insertInvoiceIn } from "../billing/invoices.service";
import { resolveCurrency } from "../billing/money";
import { AppError } from "../errors/app-error";
import { SUBSCRIBED_TO_PLAN_EVENT, subscribedToPlanPayload } from "../events/events.types";
import type { CardDetails } from "../payments/payment-processor";
import type { Plan } from "../plans/plans.types";
import { getTenant } from "../tenants/tenants.service";
import type { UseCaseContext } from "../use-case-context";
import { withSubscriptionPaymentLock } from "./payment-lock";
import { changePlanSteps } from "./subscription-billing.service";
import { addBillingPeriod, loadSubscribable, type Subscription, toSubscription } from "./subscription-model";
import {
  addVerifiedCard,
  cardFingerprint,
  cardRequiredError,
  chargeCard,
  oneShotContext,
  type PaymentDeps,
} from "./subscription-payments";
import { nextStatus } from "./subscription-state";
import { announceSubscriptionChange, applyTransitionIn } from "./subscription-transitions";
import {
  insertAnalyticsEvent,
  insertSubscriptionIn,
  selectOrganizationSubscription,
  selectSubscriptionOfAppIn,
} from "./subscriptions.queries";
/** Days an invoice-billed (send_invoice) subscription invoice is due in. */
export const INVOICE_DUE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubscribeInput {
  planId: string;
  appId: string;
  card?: CardDetails | null;
  /** Strongly recommended for paid plans: a new key per user action, the same key for network retries. */
  idempotencyKey?: string | null;
}

/** Subscribes (free or paid). See the file comment for the steps. */
export async function subscribeWithPayment(
  ctx: UseCaseContext,
  input: SubscribeInput,
  deps: PaymentDeps = {},
): Promise<Subscription> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
  const scope = `subscribe:${viewerId}`;
  const run = (ctx: IdempotentContext) => subscribeSteps(db, tenantId, viewerId, input, ctx, deps);
  if (!input.idempotencyKey) return run(oneShotContext(tenantId, scope, newId("once")));
  const fingerprint = fingerprintRequest({
    planId: input.planId,
    appId: input.appId,
    card: cardFingerprint(input.card),
  });
  const outcome = await runIdempotent(db, tenantId, scope, input.idempotencyKey, fingerprint, run, { now: deps.now });
  return outcome.response;
}

async function subscribeSteps(
  db: Db,
  tenantId: string,
  viewerId: string,
  input: SubscribeInput,
  ctx: IdempotentContext,
  deps: PaymentDeps,
): Promise<Subscription> {
  const now = deps.now ?? Date.now;
  const { app, plan } = await loadSubscribable(db, tenantId, viewerId, input.planId, input.appId);
  const h = db.kysely;
  const existing = await selectSubscriptionOfAppIn(h, tenantId, app.id, plan.apiId);
  if (existing && (existing.status === "access_rejected" || existing.status === "suspended")) {
    nextStatus(existing.status, "subscribe"); // throws the state's refusal
  }
  const alive = existing && (existing.status === "subscribed" || existing.status === "pending_approval");
  if (alive && existing.plan_id === plan.id) return toSubscription(existing);

  // An organization app joins the organization's subscription (changing its plan for every team if needed).
  if (app.organization_id) {
    const orgSub = await selectOrganizationSubscription(h, tenantId, app.organization_id, plan.apiId);
    if (orgSub && orgSub.app_id !== app.id) {
      if (orgSub.plan_id !== plan.id) {
        await changePlanSteps(db, tenantId, viewerId, orgSub, plan, input.card ?? null, ctx, deps);
      }
      return addTeam(db, tenantId, viewerId, orgSub.id, app, now());
    }
  }
  if (alive) return changePlanSteps(db, tenantId, viewerId, existing, plan, input.card ?? null, ctx, deps);

  const tenant = await getTenant(db, tenantId);
  const currency = resolveCurrency(plan.currency, tenant?.config.defaultCurrency);
  if (plan.isFree) {
    return record(db, tenantId, viewerId, app, plan, { currency, payment: null }, now, deps);
  }
  if (tenant?.config.switches.invoiceBilling) {
    return record(db, tenantId, viewerId, app, plan, { currency, payment: { kind: "invoice" } }, now, deps);
  }
  const card = input.card;
  if (!card) throw cardRequiredError();
  // One payment at a time for this app and API, whatever key another request carries (decision 046).
  const target = { appId: app.id, apiId: plan.apiId };
  return withSubscriptionPaymentLock(db, tenantId, target, ctx.stepKey("payment-lock"), now, async () => {
    const again = await selectSubscriptionOfAppIn(h, tenantId, app.id, plan.apiId);
    if (again && (again.status === "subscribed" || again.status === "pending_approval")) {
      // Another request subscribed this app meanwhile: on this plan it is what was asked for, and nothing is charged.
      if (again.plan_id === plan.id) return toSubscription(again);
      throw new AppError("CONFLICT", "The subscription changed meanwhile; reload it and try again.");
    }
    const token = await addVerifiedCard(db, tenantId, viewerId, card, currency, ctx, deps);
    // A request that waits for the provider is not charged: approval charges the stored card (decision 045).
    if (plan.approvalRequired) {
      const payment = { kind: "card" as const, token, chargeId: null };
      return record(db, tenantId, viewerId, app, plan, { currency, payment }, now, deps);
    }
    const chargeId = await chargeCard(
      db,
      tenantId,
      viewerId,
      { token, amountMinor: plan.monthlyPriceCents, currency, description: `${plan.name} plan` },
      ctx,
      deps,
    );
    return record(
      db,
      tenantId,
      viewerId,
      app,
      plan,
      { currency, payment: { kind: "card", token, chargeId } },
      now,
      deps,
    );
  });
}

/** chargeId null: the card is verified and stored, and charged when the provider approves the request. */
type Payment = { kind: "card"; token: string; chargeId: string | null } | { kind: "invoice" } | null;

/**
 * The subscription row, its transition, the first invoice and the SubscribedToPlan event, in one transaction. A retry
 * that finds the row already on this plan (a crash after commit) records nothing twice.
 */
async function record(
  db: Db,
  tenantId: string,
  viewerId: string,
  app: AppRow,
  plan: Plan,
  money: { currency: string; payment: Payment },
  now: () => number,
  deps: PaymentDeps,
): Promise<Subscription> {
  const at = now();
  // A plan that needs approval starts its period, and its first invoice, when the provider approves.
  const billedNow = money.payment !== null && !plan.approvalRequired;
  const periodEnd = addBillingPeriod(at);
  const result = await db.kysely.transaction().execute(async (trx) => {
    let row = await selectSubscriptionOfAppIn(trx, tenantId, app.id, plan.apiId);
    if (row && row.plan_id === plan.id && (row.status === "subscribed" || row.status === "pending_approval")) {
      return { row, covered: [] as SubscriptionRow[], fresh: false };
    }
    if (!row) {
      row = placeholderRow(tenantId, app, { apiId: plan.apiId, planId: plan.id }, at);
      await insertSubscriptionIn(trx, row);
    }
    const transition = plan.approvalRequired ? "request_access" : "subscribe";
    const applied = await applyTransitionIn(trx, tenantId, row, {
      transition,
      actor: viewerId,
      reason: money.payment ? `Subscribed to ${plan.name} (${money.payment.kind})` : `Subscribed to ${plan.name}`,
      now: at,
      changes: {
        plan_id: plan.id,
        covered_by_subscription_id: null,
        price_minor: plan.monthlyPriceCents,
        currency: money.currency,
        current_period_start: billedNow ? at : null,
        current_period_end: billedNow ? periodEnd : null,
        cancel_at_period_end: 0,
        past_due_minor: 0,
        payment_method_token: money.payment?.kind === "card" ? money.payment.token : null,
        collection_method: money.payment ? (money.payment.kind === "card" ? "charge_card" : "send_invoice") : null,
      },
    });
    if (money.payment && billedNow) {
      await insertInvoiceIn(
        trx,
        tenantId,
        {
          currency: money.currency,
          status: money.payment.kind === "card" ? "paid" : "open",
          customerUserId: viewerId,
          organizationId: app.organization_id,
          subscriptionId: row.id,
          collectionMethod: money.payment.kind === "card" ? "charge_card" : "send_invoice",
          periodStart: at,
          periodEnd,
          dueAt: money.payment.kind === "invoice" ? at + INVOICE_DUE_DAYS * DAY_MS : null,
          paymentReference: money.payment.kind === "card" ? money.payment.chargeId : null,
          lines: [
            subscriptionLine({
              planName: plan.name,
              priceMinor: plan.monthlyPriceCents,
              period: { start: at, end: periodEnd },
              planId: plan.id,
              subscriptionId: row.id,
            }),
          ],
        },
        at,
      );
    }
    if (applied.row.status === "subscribed") await recordSubscribedEvent(trx, tenantId, viewerId, applied.row, at);
    return { ...applied, fresh: true };
  });
  deps.crashAt?.("recorded");
  if (result.fresh) announceSubscriptionChange(result);
  return toSubscription(result.row);
}

function placeholderRow(tenantId: string, app: AppRow, target: { apiId: string; planId: string }, at: number) {
  return {
    id: newId("sub"),
    tenant_id: tenantId,
    app_id: app.id,
    api_id: target.apiId,
    plan_id: target.planId,
    status: "unsubscribed",
    owner_user_id: app.owner_user_id,
    organization_id: app.organization_id,
    team_id: app.team_id,
    created_at: at,
    updated_at: at,
    covered_by_subscription_id: null,
    current_period_start: null,
    current_period_end: null,
    price_minor: 0,
    currency: null,
    cancel_at_period_end: 0,
    past_due_minor: 0,
    payment_method_token: null,
    collection_method: null,
  } satisfies SubscriptionRow;
}

/** Spec section 7: SubscribedToPlan in Portico's events table, inside the caller's transaction. */
export async function recordSubscribedEvent(
  trx: DbTransaction,
  tenantId: string,
  userId: string | null,
  row: SubscriptionRow,
  at: number,
): Promise<void> {
  const payload = subscribedToPlanPayload.parse({
    api_id: row.api_id,
    plan_id: row.plan_id,
    subscription_id: row.id,
    app_id: row.app_id,
    price_minor: Number(row.price_minor ?? 0),
    currency: row.currency ?? "USD",
  });
  await insertAnalyticsEvent(trx, {
    id: newId("evt"),
    tenant_id: tenantId,
    type: SUBSCRIBED_TO_PLAN_EVENT,
    user_id: userId,
    payload: JSON.stringify(payload),
    created_at: at,
  });
}

/**
 * A team's app joins the organization subscription at no cost: its row is covered by the organization's row (same
 * plan and state, calls counted and billed on the organization's subscription).
 */
export async function addTeam(
  db: Db,
  tenantId: string,
  viewerId: string,
  orgSubscriptionId: string,
  app: AppRow,
  at: number,
): Promise<Subscription> {
  const result = await db.kysely.transaction().execute(async (trx) => {
    const orgSub = await trx
      .selectFrom("subscriptions")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("id", "=", orgSubscriptionId)
      .executeTakeFirstOrThrow();
    let row = await selectSubscriptionOfAppIn(trx, tenantId, app.id, orgSub.api_id);
    if (row?.covered_by_subscription_id === orgSub.id && row.status === orgSub.status) {
      return { row, covered: [] as SubscriptionRow[] };
    }
    if (!row) {
      row = placeholderRow(tenantId, app, { apiId: orgSub.api_id, planId: orgSub.plan_id }, at);
      await insertSubscriptionIn(trx, row);
    }
    const applied = await applyTransitionIn(trx, tenantId, row, {
      transition: "add_team",
      actor: viewerId,
      reason: `Added to organization subscription ${orgSub.id} at no extra cost`,
      now: at,
      changes: {
        status: orgSub.status,
        plan_id: orgSub.plan_id,
        covered_by_subscription_id: orgSub.id,
        current_period_start: orgSub.current_period_start,
        current_period_end: orgSub.current_period_end,
        price_minor: orgSub.price_minor,
        currency: orgSub.currency,
        cancel_at_period_end: orgSub.cancel_at_period_end,
        past_due_minor: orgSub.past_due_minor,
        collection_method: orgSub.collection_method,
        payment_method_token: null,
      },
    });
    if (applied.row.status === "subscribed") await recordSubscribedEvent(trx, tenantId, viewerId, applied.row, at);
    return applied;
  });
  announceSubscriptionChange(result);
  return toSubscription(result.row);
}
