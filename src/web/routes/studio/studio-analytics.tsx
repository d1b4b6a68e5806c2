import { createAlert, deleteAlert, listAlerts } from "../../../core/analytics/alerts.service";
import { providerAnalytics } from "../../../core/analytics/analytics.service";
import { AppError } from "../../../core/errors/app-error";
import { AlertsPanel } from "../../components/analytics/alerts-panel";
import { AnalyticsDashboardView } from "../../components/analytics/analytics-dashboard";
import { AnalyticsRangeForm } from "../../components/analytics/analytics-range-form";
import { LocalLink } from "../../components/localized-link";
import { Container, PageHeader } from "../../components/page-header";
import { FormError } from "../../components/ui/form-field";
import { fieldClass } from "../../components/ui/input";
import { useTranslation } from "../../i18n/use-translation";
import { formText, runAction } from "../../lib/action-result.server";
import { rangeParamsOf, withRange } from "../../lib/analytics-page.server";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { requireActionCsrf } from "../../lib/csrf.server";
import { pageMeta } from "../../lib/meta";
import { requireStudio } from "../../lib/route-guards.server";
import { translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/studio-analytics";

/**
 * /studio/analytics (or /provider/analytics): the provider's dashboard for one API (?api=) or all they own, the CSV
 * export of what is shown, and their alerts. Numbers come from core/analytics (decision 090).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { viewer, base } = await requireStudio(context, request, params.lang);
  const url = new URL(request.url);
  const apiId = url.searchParams.get("api") || null;
  const { db, tenant } = context;
  const [{ result, rangeError, range }, alerts] = await Promise.all([
    withRange(url, (r) => providerAnalytics(db, tenant.id, viewer, { apiId, range: r })),
    listAlerts(db, tenant.id, viewer),
  ]);
  const csv = new URLSearchParams({ audience: "provider", ...(apiId ? { api: apiId } : {}), ...rangeParamsOf(url) });
  return {
    base,
    apiId,
    apis: result.apis,
    dashboard: result.dashboard,
    rangeError,
    presetAsked: range.preset ?? "24h",
    alerts,
    csvHref: `/resources/analytics-csv?${csv.toString()}`,
    currency: tenant.config.defaultCurrency,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { viewer } = await requireStudio(context, request, params.lang);
  const form = await request.formData();
  requireActionCsrf(request, form);
  const intent = formText(form, "intent");
  const { db, tenant } = context;
  return runAction(intent, async () => {
    if (intent === "create-alert") {
      await createAlert(db, tenant.id, viewer, {
        apiId: formText(form, "apiId") || null,
        metric: formText(form, "metric"),
        threshold: Number(formText(form, "threshold")),
        windowMinutes: Number(formText(form, "windowMinutes")),
      });
    } else if (intent === "delete-alert") {
      await deleteAlert(db, tenant.id, viewer, formText(form, "alertId"));
    } else {
      throw new AppError("BAD_REQUEST", "Unknown action");
    }
  });
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const base = (data as { base: string }).base;
    return [
      { path: base, labelKey: "studio.title" },
      { path: `${base}/analytics`, labelKey: "analytics.title" },
    ];
  },
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "analytics.metaTitle" }),
  { name: "robots", content: "noindex" },
];

export default function StudioAnalytics({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { dashboard, apis, apiId, base } = loaderData;
  const logs = `${base}/logs${apiId ? `?api=${encodeURIComponent(apiId)}` : ""}`;
  return (
    <>
      <PageHeader title={t("analytics.title")} intro={t("analytics.intro")}>
        <div className="mt-4 flex flex-wrap gap-4 text-sm font-semibold">
          <LocalLink to={base} className="text-accent hover:underline">
            {t("studio.backToList")}
          </LocalLink>
          <LocalLink to={logs} className="text-accent hover:underline" data-testid="logs-link">
            {t("analytics.logsLink")}
          </LocalLink>
          <a href={loaderData.csvHref} download className="text-accent hover:underline" data-testid="csv-link">
            {t("analytics.exportCsv")}
          </a>
        </div>
        <AnalyticsRangeForm preset={loaderData.presetAsked} from={dashboard.range.from} to={dashboard.range.to}>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="analytics-api" className="text-sm font-semibold">
              {t("analytics.api")}
            </label>
            <select
              id="analytics-api"
              name="api"
              defaultValue={apiId ?? ""}
              className={`${fieldClass({ fullWidth: false })} min-w-56`}
            >
              <option value="">{t("analytics.allApis")}</option>
              {apis.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
        </AnalyticsRangeForm>
        {loaderData.rangeError && (
          <div className="mt-3" data-testid="range-error">
            <FormError message={translateServerMessage(t, loaderData.rangeError)} />
          </div>
        )}
      </PageHeader>
      <Container className="flex flex-col gap-6 py-8">
        <AnalyticsDashboardView dashboard={dashboard} audience="provider" currency={loaderData.currency} />
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("analytics.demoNote")}</p>
        <AlertsPanel alerts={loaderData.alerts} apis={apis} result={actionData ?? null} />
      </Container>
    </>
  );
}
