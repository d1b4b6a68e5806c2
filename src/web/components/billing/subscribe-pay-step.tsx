import { useTranslation } from "../../i18n/use-translation";
import type { SubscriptionQuoteView } from "../../lib/billing-client";
import { CardFields } from "./card-fields";
import type { CardFormValues, CardHints } from "./card-hints";
import { PaymentTerms } from "./payment-terms";
import { useMoneyFormat } from "./use-money-format";

/**
 * Step 2 of the subscription modal (spec section 2): monthly price, total due today, the organization notes, the
 * card (unless the tenant bills by invoice or the team joins its organization's subscription for free) and the terms.
 */
export function SubscribePayStep(props: {
  planName: string;
  quote: SubscriptionQuoteView;
  organizationName: string | null;
  overagePrice: string | null;
  hasQuota: boolean;
  needsCard: boolean;
  card: CardFormValues;
  onCard: (card: CardFormValues) => void;
  hints: CardHints;
  supportEmail: string;
  brand: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const { quote } = props;
  const org = props.organizationName ?? "";
  return (
    <div className="flex flex-col gap-4">
      <dl
        data-testid="subscribe-summary"
        className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-950/60"
      >
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500 dark:text-slate-400">{t("billing.plan")}</dt>
          <dd className="text-end font-medium" dir="auto">
            {props.planName}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500 dark:text-slate-400">{t("billing.monthlyPrice")}</dt>
          <dd data-testid="quote-monthly" className="text-end font-medium">
            {money(quote.monthlyPrice)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 dark:border-slate-800">
          <dt className="font-semibold">{t("billing.totalDueToday")}</dt>
          <dd data-testid="quote-total" className="text-end text-base font-bold">
            {money(quote.totalDueToday)}
          </dd>
        </div>
      </dl>
      {quote.teamAddedFree && (
        <p
          data-testid="team-added-free"
          className="rounded-lg border border-success/40 bg-success/10 p-3 text-sm text-emerald-800 dark:text-emerald-200"
        >
          {t("billing.teamAddedFree", { organization: org })}
        </p>
      )}
      {quote.existingOrganizationSubscription && !quote.teamAddedFree && (
        <p
          data-testid="org-plan-change"
          className="rounded-lg border border-amber-400/50 bg-amber-50 p-3 text-sm text-slate-800 dark:bg-amber-950/40 dark:text-amber-50"
        >
          {t("billing.orgPlanChange", { organization: org })}
        </p>
      )}
      {quote.chargedOnApproval && (
        <p data-testid="charged-on-approval" className="rounded-lg bg-accent/5 p-3 text-sm">
          {t("billing.chargedOnApproval", { amount: money(quote.monthlyPrice) })}
        </p>
      )}
      {quote.changeNeedsApproval && (
        <p data-testid="change-on-approval" className="rounded-lg bg-accent/5 p-3 text-sm">
          {quote.dueOnApproval.amountMinor > 0
            ? t("billing.changeOnApproval", {
                plan: props.planName,
                current: quote.currentPlanName ?? "",
                amount: money(quote.dueOnApproval),
              })
            : t("billing.changeOnApprovalNoCharge", { plan: props.planName, current: quote.currentPlanName ?? "" })}
        </p>
      )}
      {quote.invoiceBilling && (
        <p data-testid="invoice-billing-note" className="rounded-lg bg-accent/5 p-3 text-sm">
          {t("billing.invoiceIssued", { amount: money(quote.monthlyPrice) })}
        </p>
      )}
      {props.needsCard && (
        <CardFields values={props.card} onChange={props.onCard} hints={props.hints} disabled={props.disabled} />
      )}
      <PaymentTerms
        holdAmount={quote.holdAmount}
        overageMode={quote.overageMode}
        overagePrice={props.overagePrice}
        hasQuota={props.hasQuota}
        supportEmail={props.supportEmail}
        brand={props.brand}
        billing={quote.invoiceBilling ? "invoice" : props.needsCard ? "card" : "none"}
      />
    </div>
  );
}
