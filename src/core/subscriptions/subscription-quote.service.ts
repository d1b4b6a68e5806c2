import { requireViewer } from "../accounts/accounts.policy";
import { prorationLines } from "../billing/invoice-lines";
import { resolveCurrency } from "../billing/money";
import { verificationHoldAmount } from "../payments/payment-holds.service";
import type { Plan } from "../plans/plans.types";
import { getTenant } from "../tenants/tenants.service";
import type { UseCaseContext } from "../use-case-context";
import { loadPlanName } from "./plan-change-billing";
import { loadSubscribable } from "./subscription-model";
import { selectOrganizationSubscription, selectSubscriptionOfAppIn } from "./subscriptions.queries";

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
  ctx: UseCaseContext,
  planId: string,
  appId: string,
  now: () => number = Date.now,
): Promise<SubscriptionQuote> {
  const { db, tenantId } = ctx;
  const viewerId = requireViewer(ctx.viewer, ctx.tenantId).id;
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
