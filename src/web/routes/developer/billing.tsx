import { BillingSubscriptionCard } from "../../components/billing/billing-subscription-card";
import { InvoiceList } from "../../components/billing/invoice-list";
import { LocalLink } from "../../components/localized-link";
import { Container, PageHeader } from "../../components/page-header";
import { EmptyState } from "../../components/ui/empty-state";
import { useTranslation } from "../../i18n/use-translation";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { pageMeta } from "../../lib/meta";
import { requireViewer } from "../../lib/route-guards.server";
import type { Route } from "./+types/billing";
import { loadBilling } from "./billing-data.server";

/**
 * /developer/billing (decision 044): the consumer's subscriptions with status, price, period end, cancel at period end,
 * change plan and paying a past-due balance; and their invoices. Mutations go through the GraphQL contract.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request, params.lang);
  const raw = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  return loadBilling(context, viewer, page);
}

export const handle: RouteHandle = {
  breadcrumb: () => [
    { path: "/developer/dashboard", labelKey: "apps.title" },
    { path: "/developer/billing", labelKey: "billing.title" },
  ],
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "billing.metaTitle" }),
  { name: "robots", content: "noindex, nofollow" },
];

export default function Billing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { subscriptions, invoices, invoicePage } = loaderData;
  return (
    <>
      <PageHeader title={t("billing.title")} intro={t("billing.intro")}>
        <p className="mt-3 text-sm">
          <LocalLink to="/developer/dashboard" rel="nofollow" className="font-semibold text-accent hover:underline">
            {t("billing.backToApps")}
          </LocalLink>
        </p>
      </PageHeader>
      <Container className="flex flex-col gap-10 py-8">
        <section aria-labelledby="billing-subscriptions" className="flex flex-col gap-4">
          <h2 id="billing-subscriptions" className="text-xl font-bold">
            {t("billing.subscriptionsTitle")}
          </h2>
          {subscriptions.length === 0 ? (
            <EmptyState data-testid="no-billing-subscriptions">
              {t("billing.noSubscriptions")}{" "}
              <LocalLink to="/hub" className="font-semibold text-accent hover:underline">
                {t("apps.browseApis")}
              </LocalLink>
            </EmptyState>
          ) : (
            <ul data-testid="billing-subscriptions" className="grid gap-4 lg:grid-cols-2">
              {subscriptions.map((s) => (
                <li key={s.id} className="flex flex-col">
                  <BillingSubscriptionCard sub={s} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="billing-invoices" className="flex flex-col gap-4">
          <h2 id="billing-invoices" className="text-xl font-bold">
            {t("billing.invoicesTitle")}
          </h2>
          <InvoiceList invoices={invoices} />
          {(invoicePage.page > 1 || invoicePage.hasMore) && (
            <nav aria-label={t("common.pagination")} className="flex justify-between text-sm font-semibold">
              {invoicePage.page > 1 ? (
                <LocalLink
                  to={`/developer/billing?page=${invoicePage.page - 1}`}
                  className="text-accent hover:underline"
                >
                  {t("billing.newerInvoices")}
                </LocalLink>
              ) : (
                <span />
              )}
              {invoicePage.hasMore && (
                <LocalLink
                  to={`/developer/billing?page=${invoicePage.page + 1}`}
                  className="text-accent hover:underline"
                >
                  {t("billing.olderInvoices")}
                </LocalLink>
              )}
            </nav>
          )}
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t("billing.refundsFooter")}{" "}
            <a href={`mailto:${loaderData.supportEmail}`} className="font-medium text-accent hover:underline" dir="ltr">
              {loaderData.supportEmail}
            </a>
          </p>
        </section>
      </Container>
    </>
  );
}
