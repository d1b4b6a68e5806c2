import { formatMoney } from "../../../core/billing/money";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import type { BillingInvoiceRow } from "../../routes/developer/billing-types";
import { Badge, type BadgeTone } from "../app-form-bits";
import { LocalLink } from "../localized-link";
import { EmptyState } from "../ui/empty-state";

export const INVOICE_TONE: Record<BillingInvoiceRow["status"], BadgeTone> = {
  draft: "neutral",
  open: "warning",
  paid: "success",
  void: "neutral",
  uncollectible: "danger",
};

/** The viewer's invoices, newest first: number (link to the invoice), dates, total and status. */
export function InvoiceList(props: { invoices: BillingInvoiceRow[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (props.invoices.length === 0) {
    return <EmptyState data-testid="no-invoices">{t("billing.noInvoices")}</EmptyState>;
  }
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table data-testid="invoice-list" className="w-full text-sm">
        <caption className="sr-only">{t("billing.invoicesTitle")}</caption>
        <thead className="bg-slate-50 text-start text-xs tracking-wide text-slate-500 dark:text-slate-400 uppercase dark:bg-slate-950/50">
          <tr>
            <th scope="col" className="px-4 py-3 text-start font-semibold">
              {t("billing.invoiceNumber")}
            </th>
            <th scope="col" className="px-4 py-3 text-start font-semibold">
              {t("billing.issued")}
            </th>
            <th scope="col" className="hidden px-4 py-3 text-start font-semibold sm:table-cell">
              {t("billing.period")}
            </th>
            <th scope="col" className="px-4 py-3 text-end font-semibold">
              {t("billing.total")}
            </th>
            <th scope="col" className="px-4 py-3 text-end font-semibold">
              {t("billing.status")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {props.invoices.map((i) => (
            <tr key={i.id} data-testid="invoice-row" data-status={i.status}>
              <td className="px-4 py-3 font-medium whitespace-nowrap">
                <LocalLink
                  to={`/developer/billing/invoices/${i.id}`}
                  rel="nofollow"
                  data-testid="invoice-link"
                  className="text-accent hover:underline"
                >
                  {i.displayNumber ?? t("billing.draftInvoice")}
                </LocalLink>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{i.issuedAt ? formatDate(i.issuedAt, locale) : "—"}</td>
              <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">
                {i.periodStart && i.periodEnd
                  ? `${formatDate(i.periodStart, locale)} – ${formatDate(i.periodEnd, locale)}`
                  : "—"}
              </td>
              <td data-testid="invoice-total" className="px-4 py-3 text-end font-medium whitespace-nowrap">
                {formatMoney(i.total, locale)}
              </td>
              <td className="px-4 py-3 text-end">
                <Badge tone={INVOICE_TONE[i.status]}>{t(`billing.invoiceStatus.${i.status}`)}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
