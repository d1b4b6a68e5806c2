import type { ReactNode } from "react";
import { Form } from "react-router";
import { getProviderEarnings } from "../../../core/billing/earnings.service";
import { formatMoney } from "../../../core/billing/money";
import { LocalLink } from "../../components/localized-link";
import { Container, PageHeader } from "../../components/page-header";
import { EmptyState } from "../../components/ui/empty-state";
import { Select } from "../../components/ui/select";
import { useTranslation } from "../../i18n/use-translation";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { pageMeta } from "../../lib/meta";
import { useLocale } from "../../lib/root-data";
import { requireStudio } from "../../lib/route-guards.server";
import type { Route } from "./+types/studio-earnings";

/**
 * /studio/earnings (or /provider/earnings), decision 044: the provider's gross earnings from paid invoices of their plans,
 * in total, per API, per plan and per month, in the invoices' currency (the tenant's, USD when missing). ?api= narrows
 * it to one API.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { viewer, base } = await requireStudio(context, request, params.lang);
  const requested = new URL(request.url).searchParams.get("api");
  const all = await getProviderEarnings({ db: context.db, tenantId: context.tenant.id, viewer });
  const apis = [...new Map(all.byApi.map((a) => [a.apiId, { id: a.apiId, name: a.apiName }])).values()];
  const apiId = requested && apis.some((a) => a.id === requested) ? requested : null;
  const earnings = apiId
    ? await getProviderEarnings({ db: context.db, tenantId: context.tenant.id, viewer }, apiId)
    : all;
  return { base, apis, apiId, earnings, currency: context.tenant.config.defaultCurrency };
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const base = (data as { base: string }).base;
    return [
      { path: base, labelKey: "studio.title" },
      { path: `${base}/earnings`, labelKey: "earnings.title" },
    ];
  },
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "earnings.metaTitle" }),
  { name: "robots", content: "noindex" },
];

/** A labelled amount with a bar showing its share of the largest one. */
function ShareRow(props: { label: string; sub?: string; amount: string; share: number; testId: string }) {
  return (
    <li data-testid={props.testId} className="flex flex-col gap-1.5 py-3">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="flex flex-col">
          <span className="font-medium" dir="auto">
            {props.label}
          </span>
          {props.sub && (
            <span className="text-xs text-slate-500 dark:text-slate-400" dir="auto">
              {props.sub}
            </span>
          )}
        </span>
        <span className="font-semibold tabular-nums">{props.amount}</span>
      </div>
      <div className="h-1.5 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
        <div className="h-full rounded-full bg-accent-fill" style={{ width: `${Math.max(2, props.share * 100)}%` }} />
      </div>
    </li>
  );
}

function Panel(props: { title: string; children: ReactNode; testId: string }) {
  return (
    <section
      data-testid={props.testId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="text-lg font-bold">{props.title}</h2>
      {props.children}
    </section>
  );
}

export default function StudioEarnings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { earnings, apis, apiId, base } = loaderData;
  const money = (grossMinor: number, currency: string) => formatMoney({ amountMinor: grossMinor, currency }, locale);
  const apiName = new Map(apis.map((a) => [a.id, a.name]));
  const max = (list: Array<{ grossMinor: number }>) => Math.max(1, ...list.map((x) => Math.abs(x.grossMinor)));
  const apiMax = max(earnings.byApi);
  const planMax = max(earnings.byPlan);
  const periodMax = max(earnings.byPeriod);
  const month = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", timeZone: "UTC" });
  const totals = earnings.totals.length > 0 ? earnings.totals : [{ currency: loaderData.currency, grossMinor: 0 }];
  return (
    <>
      <PageHeader title={t("earnings.title")} intro={t("earnings.intro")}>
        <div className="mt-4 flex flex-wrap items-end gap-4">
          <LocalLink to={base} className="text-sm font-semibold text-accent hover:underline">
            {t("studio.backToList")}
          </LocalLink>
          {apis.length > 1 && (
            <Form method="get" className="flex items-end gap-2">
              <div className="flex flex-col gap-1.5">
                <label htmlFor="earnings-api" className="text-sm font-semibold">
                  {t("earnings.api")}
                </label>
                <Select id="earnings-api" name="api" defaultValue={apiId ?? ""} className="min-w-56">
                  <option value="">{t("earnings.allApis")}</option>
                  {apis.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </Select>
              </div>
              <button
                type="submit"
                className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold dark:border-slate-700"
              >
                {t("earnings.show")}
              </button>
            </Form>
          )}
        </div>
      </PageHeader>
      <Container className="flex flex-col gap-6 py-8">
        <section aria-label={t("earnings.gross")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {totals.map((total) => (
            <div
              key={total.currency}
              data-testid="earnings-gross"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <p className="text-sm text-slate-500 dark:text-slate-400">
                {apiId ? t("earnings.grossOf", { api: apiName.get(apiId) ?? "" }) : t("earnings.gross")}
              </p>
              <p className="text-3xl font-bold tracking-tight tabular-nums">
                {money(total.grossMinor, total.currency)}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{t("earnings.grossHint")}</p>
            </div>
          ))}
        </section>
        {earnings.byApi.length === 0 ? (
          <EmptyState data-testid="earnings-empty" size="lg">
            {t("earnings.empty")}
          </EmptyState>
        ) : (
          <div className="grid gap-6 lg:grid-cols-3">
            <Panel title={t("earnings.byApi")} testId="earnings-by-api">
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {earnings.byApi.map((a) => (
                  <ShareRow
                    key={`${a.apiId}-${a.currency}`}
                    testId="earnings-api-row"
                    label={a.apiName}
                    amount={money(a.grossMinor, a.currency)}
                    share={Math.abs(a.grossMinor) / apiMax}
                  />
                ))}
              </ul>
            </Panel>
            <Panel title={t("earnings.byPlan")} testId="earnings-by-plan">
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {earnings.byPlan.map((p) => (
                  <ShareRow
                    key={`${p.planId}-${p.currency}`}
                    testId="earnings-plan-row"
                    label={p.planName}
                    sub={apiName.get(p.apiId)}
                    amount={money(p.grossMinor, p.currency)}
                    share={Math.abs(p.grossMinor) / planMax}
                  />
                ))}
              </ul>
            </Panel>
            <Panel title={t("earnings.byMonth")} testId="earnings-by-month">
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {earnings.byPeriod.map((p) => (
                  <ShareRow
                    key={`${p.periodStart}-${p.currency}`}
                    testId="earnings-month-row"
                    label={month.format(new Date(p.periodStart))}
                    amount={money(p.grossMinor, p.currency)}
                    share={Math.abs(p.grossMinor) / periodMax}
                  />
                ))}
              </ul>
            </Panel>
          </div>
        )}
      </Container>
    </>
  );
}
