import { consumerAnalytics } from "../../../core/analytics/analytics.service";
import { AnalyticsDashboardView } from "../../components/analytics/analytics-dashboard";
import { AnalyticsRangeForm } from "../../components/analytics/analytics-range-form";
import { LocalLink } from "../../components/localized-link";
import { Container, PageHeader } from "../../components/page-header";
import { FormError } from "../../components/ui/form-field";
import { fieldClass } from "../../components/ui/input";
import { useTranslation } from "../../i18n/use-translation";
import { rangeParamsOf, withRange } from "../../lib/analytics-page.server";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { pageMeta } from "../../lib/meta";
import { translateServerMessage } from "../../lib/server-messages";
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
  const { result, rangeError, range } = await withRange(url, (r) =>
    consumerAnalytics(db, tenant.id, viewer, { appId: app.id, apiId, range: r }),
  );
  const csv = new URLSearchParams({
    audience: "consumer",
    app: app.id,
    ...(apiId ? { api: apiId } : {}),
    ...rangeParamsOf(url),
  });
  return {
    app,
    apis,
    apiId,
    dashboard: result,
    rangeError,
    presetAsked: range.preset ?? "24h",
    csvHref: `/resources/analytics-csv?${csv.toString()}`,
    currency: tenant.config.defaultCurrency,
  };
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
  const { app, apis, apiId, dashboard } = loaderData;
  return (
    <>
      <PageHeader title={t("analytics.appTitle", { app: app.name })} intro={t("analytics.appIntro")}>
        <div className="mt-4 flex flex-wrap gap-4 text-sm font-semibold">
          <LocalLink to="/developer/dashboard" rel="nofollow" className="text-accent hover:underline">
            {t("apps.title")}
          </LocalLink>
          <LocalLink
            to={`/developer/apps/${encodeURIComponent(app.id)}/logs`}
            rel="nofollow"
            className="text-accent hover:underline"
            data-testid="logs-link"
          >
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
              <option value="">{t("analytics.allApisOfApp")}</option>
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
      <Container className="py-8">
        <AnalyticsDashboardView dashboard={dashboard} audience="consumer" currency={loaderData.currency} />
      </Container>
    </>
  );
}
