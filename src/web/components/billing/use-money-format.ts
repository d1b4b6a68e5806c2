import { formatMoney } from "../../../core/billing/money";
import type { MoneyView } from "../../lib/billing-client";
import { useLocale } from "../../lib/root-data";

/**
 * Formats a GraphQL Money in the page's language ("19,00 $" in French): the server's `formatted` is en-US only, for
 * API clients.
 */
export function useMoneyFormat(): (money: MoneyView) => string {
  const locale = useLocale();
  return (money) => formatMoney({ amountMinor: money.amountMinor, currency: money.currency }, locale);
}
