/* Paying a past-due balance with a card: suspended → subscribed (spec section 3, decision 046's payment lock). */
import type { Db } from "../../db/connection";
import type { SubscriptionRow } from "../../db/tables/gateway.tables";
import { requireViewer } from "../accounts/accounts.policy";
import { fingerprintRequest, type IdempotentContext, runIdempotent } from "../billing/idempotency";
import { updateInvoiceFromStatus } from "../billing/invoices.queries";
import { AppError } from "../errors/app-error";
import type { CardDetails } from "../payments/payment-processor";
import type { UseCaseContext } from "../use-case-context";
import { withSubscriptionPaymentLock } from "./payment-lock";
import { billingRowOf } from "./subscription-billing.service";
import { type Subscription, toSubscription } from "./subscription-model";
import { addVerifiedCard, cardFingerprint, chargeCard, type PaymentDeps } from "./subscription-payments";
import { announceSubscriptionChange, applyTransitionIn } from "./subscription-transitions";
import { selectOpenInvoicesOfSubscription, selectSubscriptionIn } from "./subscriptions.queries";

export interface PayPastDueInput {
  subscriptionId: string;
  card: CardDetails;
  idempotencyKey: string;
}

/** Pays the past-due balance with a card: the open invoices are marked paid and the subscription reactivated. */
export async function payPastDue(
  ctx: UseCaseContext,
  input: PayPastDueInput,
  deps: PaymentDeps = {},
): Promise<Subscription> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
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
