import { useTranslation } from "../../i18n/use-translation";
import type { MoneyView } from "../../lib/billing-client";
import { useMoneyFormat } from "./use-money-format";

/**
 * The payment terms the spec requires next to a card (section 2): billed on subscribing and at the next recurring
 * interval; a hold (0.50) that may be placed and is released after several days; overage charged or the plan
 * suspended, depending on the plan; refund requests to the tenant's support mailbox.
 */
export function PaymentTerms(props: {
  holdAmount: MoneyView;
  overageMode: "CHARGED" | "SUSPENDED";
  /** Unlimited plans have no overage either way. */
  hasQuota: boolean;
  /** The plan's overage price per request, formatted ("$0.0001"); shown when overage is charged. */
  overagePrice: string | null;
  supportEmail: string;
  brand: string;
  /** card: billing and hold texts; invoice: the invoice text; none (a team joining for free): neither. */
  billing: "card" | "invoice" | "none";
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  return (
    <ul
      data-testid="payment-terms"
      className="flex list-disc flex-col gap-1.5 ps-5 text-xs text-slate-600 dark:text-slate-400"
    >
      {props.billing === "invoice" && <li data-testid="terms-invoice">{t("billing.terms.invoiceBilled")}</li>}
      {props.billing === "card" && (
        <>
          <li data-testid="terms-billed">{t("billing.terms.billed")}</li>
          {/* No hold is placed when no card is checked: a "hold of $0.00" would only confuse (decision 044). */}
          {props.holdAmount.amountMinor > 0 && (
            <li data-testid="terms-hold">{t("billing.terms.hold", { amount: money(props.holdAmount) })}</li>
          )}
        </>
      )}
      <li data-testid="terms-overage" data-mode={props.overageMode}>
        {!props.hasQuota
          ? t("billing.terms.noQuota")
          : props.overageMode === "CHARGED"
            ? props.overagePrice
              ? t("billing.terms.overageCharged", { price: props.overagePrice })
              : t("billing.terms.overageChargedPlain")
            : t("billing.terms.overageSuspended")}
      </li>
      <li data-testid="terms-refunds">
        {t("billing.terms.refunds", { brand: props.brand })}{" "}
        <a href={`mailto:${props.supportEmail}`} className="font-medium text-accent hover:underline" dir="ltr">
          {props.supportEmail}
        </a>
      </li>
    </ul>
  );
}
