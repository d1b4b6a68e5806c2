import { useRef, useState } from "react";
import { getViewerInvoice } from "../../../core/billing/invoices.service";
import { formatMoney } from "../../../core/billing/money";
import { Badge } from "../../components/app-form-bits";
import { INVOICE_TONE } from "../../components/billing/invoice-list";
import { Container, PageHeader } from "../../components/page-header";
import { Button, ButtonAnchor, ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/use-translation";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { formatDate } from "../../lib/format";
import { notFound } from "../../lib/http-errors";
import { pageMeta } from "../../lib/meta";
import { useLocale } from "../../lib/root-data";
import { requireViewer } from "../../lib/route-guards.server";
import type { Route } from "./+types/invoice";

/** /developer/billing/invoices/{id}: one invoice of the viewer (or of an organization they belong to); else 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { tenant } = context;
  const viewer = requireViewer(context, request, params.lang);
  const invoice = /^[A-Za-z0-9_-]{1,64}$/.test(params.invoiceId)
    ? await getViewerInvoice({ db: context.db, tenantId: tenant.id, viewer }, params.invoiceId)
    : null;
  if (!invoice) notFound();
  return {
    id: invoice.id,
    displayNumber: invoice.displayNumber,
    status: invoice.status,
    total: { amountMinor: invoice.totalMinor, currency: invoice.currency },
    amountDue: { amountMinor: invoice.amountDueMinor, currency: invoice.currency },
    issuedAt: invoice.issuedAt,
    dueAt: invoice.dueAt,
    paidAt: invoice.paidAt,
  };
}

export const handle: RouteHandle = {
  breadcrumb: () => [
    { path: "/developer/dashboard", labelKey: "apps.title" },
    { path: "/developer/billing", labelKey: "billing.title" },
  ],
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, { key: "billing.invoiceMetaTitle", vars: { number: loaderData?.displayNumber ?? "" } }),
  { name: "robots", content: "noindex, nofollow" },
];

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(640);
  const inv = loaderData;
  const documentUrl = `/resources/invoice/${encodeURIComponent(inv.id)}?lang=${encodeURIComponent(locale)}`;
  const title = inv.displayNumber
    ? t("billing.invoiceTitle", { number: inv.displayNumber })
    : t("billing.draftInvoice");
  return (
    <>
      <PageHeader title={title}>
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <Badge tone={INVOICE_TONE[inv.status]} testId="invoice-status">
            {t(`billing.invoiceStatus.${inv.status}`)}
          </Badge>
          <span data-testid="invoice-detail-total" className="font-semibold">
            {formatMoney(inv.total, locale)}
          </span>
          {inv.issuedAt && <span>{t("billing.issuedOn", { date: formatDate(inv.issuedAt, locale) })}</span>}
          {inv.amountDue.amountMinor > 0 && inv.dueAt && (
            <span className="font-semibold text-danger">
              {t("billing.dueOn", { amount: formatMoney(inv.amountDue, locale), date: formatDate(inv.dueAt, locale) })}
            </span>
          )}
        </div>
      </PageHeader>
      <Container className="flex flex-col gap-4 py-8">
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/developer/billing" rel="nofollow" inline variant="secondary" size="sm">
            {t("billing.backToBilling")}
          </ButtonLink>
          <Button
            type="button"
            data-testid="invoice-print"
            onClick={() => frame.current?.contentWindow?.print()}
            inline
            className="shadow-sm disabled:cursor-not-allowed"
          >
            {t("billing.print")}
          </Button>
          <ButtonAnchor href={documentUrl} target="_blank" rel="noopener" inline variant="secondary" size="sm">
            {t("billing.openPrintable")}
          </ButtonAnchor>
        </div>
        {/* The invoice document (escaped HTML, no script allowed by its CSP) in a frame that may not run script either. */}
        <iframe
          ref={frame}
          data-testid="invoice-frame"
          title={title}
          src={documentUrl}
          sandbox="allow-same-origin allow-modals"
          onLoad={(event) => {
            const body = event.currentTarget.contentDocument?.body;
            if (body) setHeight(Math.max(400, body.scrollHeight + 48));
          }}
          style={{ height }}
          className="w-full rounded-2xl border border-slate-200 bg-white dark:border-slate-800"
        />
      </Container>
    </>
  );
}
