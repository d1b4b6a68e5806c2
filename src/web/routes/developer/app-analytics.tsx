import { consumerAnalytics } from "../../../core/analytics/analytics.service";
import { AnalyticsDashboardView } from "../../components/analytics/analytics-dashboard";
import { AnalyticsPageHeader } from "../../components/analytics/analytics-page-header";
import { Container } from "../../components/page-header";
import { useTranslation } from "../../i18n/use-translation";
import { dashboardPage } from "../../lib/analytics-page.server";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/app-analytics";
import { appWithApis, consumerViewer } from "./app-analytics-data.server";

/**
 * /developer/apps/{appId}/analytics: one of the viewer's apps (My Apps), all its APIs or one (?api=): calls, errors,
 * latency, quota used and remaining, and spend, from core/analytics (decision 090).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = consumerViewer(context, request, params.lang);
  const url = new URL(request.url);
  const apiId = url.searchParams.get("api") || null;
  const { db, tenant } = context;
  const { app, apis } = await appWithApis(context, viewer, params.appId);
  const csv = { audience: "consumer", app: app.id, ...(apiId ? { api: apiId } : {}) };
  const page = await dashboardPage(url, csv, (range) =>
    consumerAnalytics({ db, tenantId: tenant.id, viewer }, { appId: app.id, apiId, range }),
  );
  return { ...page, app, apis, apiId, currency: tenant.config.defaultCurrency };
}

export const handle: RouteHandle = {
  breadcrumb: () => [{ path: "/developer/dashboard", labelKey: "apps.title" }],
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "analytics.metaTitle" }),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AppAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { app, apis, apiId, result: dashboard } = loaderData;
  const appPath = `/developer/apps/${encodeURIComponent(app.id)}`;
  return (
    <>
      <AnalyticsPageHeader
        title={t("analytics.appTitle", { app: app.name })}
        intro={t("analytics.appIntro")}
        links={[
          { to: "/developer/dashboard", label: t("apps.title"), nofollow: true },
          { to: `${appPath}/logs`, label: t("analytics.logsLink"), testId: "logs-link", nofollow: true },
        ]}
        csvHref={loaderData.csvHref}
        range={{ preset: loaderData.presetAsked, from: dashboard.range.from, to: dashboard.range.to }}
        apiPicker={{ value: apiId, allLabel: t("analytics.allApisOfApp"), apis }}
        rangeError={loaderData.rangeError}
      />
      <Container className="py-8">
        <AnalyticsDashboardView dashboard={dashboard} audience="consumer" currency={loaderData.currency} />
      </Container>
    </>
  );
}
