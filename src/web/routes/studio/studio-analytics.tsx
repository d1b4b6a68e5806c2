import { createAlert, deleteAlert, listAlerts } from "../../../core/analytics/alerts.service";
import { providerAnalytics } from "../../../core/analytics/analytics.service";
import { AppError } from "../../../core/errors/app-error";
import { AlertsPanel } from "../../components/analytics/alerts-panel";
import { AnalyticsDashboardView } from "../../components/analytics/analytics-dashboard";
import { AnalyticsPageHeader } from "../../components/analytics/analytics-page-header";
import { Container } from "../../components/page-header";
import { useTranslation } from "../../i18n/use-translation";
import { formText, runAction } from "../../lib/action-result.server";
import { dashboardPage } from "../../lib/analytics-page.server";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { requireActionCsrf } from "../../lib/csrf.server";
import { pageMeta } from "../../lib/meta";
import { requireStudio } from "../../lib/route-guards.server";
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
  const csv = { audience: "provider", ...(apiId ? { api: apiId } : {}) };
  const [page, alerts] = await Promise.all([
    dashboardPage(url, csv, (range) => providerAnalytics({ db, tenantId: tenant.id, viewer }, { apiId, range })),
    listAlerts({ db, tenantId: tenant.id, viewer }),
  ]);
  const { result, ...rest } = page;
  return {
    ...rest,
    base,
    apiId,
    apis: result.apis,
    dashboard: result.dashboard,
    alerts,
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
      await createAlert(
        { db, tenantId: tenant.id, viewer },
        {
          apiId: formText(form, "apiId") || null,
          metric: formText(form, "metric"),
          threshold: Number(formText(form, "threshold")),
          windowMinutes: Number(formText(form, "windowMinutes")),
        },
      );
    } else if (intent === "delete-alert") {
      await deleteAlert({ db, tenantId: tenant.id, viewer }, formText(form, "alertId"));
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
  return (
    <>
      <AnalyticsPageHeader
        title={t("analytics.title")}
        intro={t("analytics.intro")}
        links={[
          { to: base, label: t("studio.backToList") },
          {
            to: `${base}/logs${apiId ? `?api=${encodeURIComponent(apiId)}` : ""}`,
            label: t("analytics.logsLink"),
            testId: "logs-link",
          },
        ]}
        csvHref={loaderData.csvHref}
        range={{ preset: loaderData.presetAsked, from: dashboard.range.from, to: dashboard.range.to }}
        apiPicker={{ value: apiId, allLabel: t("analytics.allApis"), apis }}
        rangeError={loaderData.rangeError}
      />
      <Container className="flex flex-col gap-6 py-8">
        <AnalyticsDashboardView dashboard={dashboard} audience="provider" currency={loaderData.currency} />
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("analytics.demoNote")}</p>
        <AlertsPanel alerts={loaderData.alerts} apis={apis} result={actionData ?? null} />
      </Container>
    </>
  );
}
