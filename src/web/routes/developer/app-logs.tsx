import { getRequestLogEntry, searchRequestLog } from "../../../core/analytics/request-log.service";
import { AnalyticsPageHeader } from "../../components/analytics/analytics-page-header";
import { RequestLogView } from "../../components/analytics/request-log-view";
import { Container } from "../../components/page-header";
import { useTranslation } from "../../i18n/use-translation";
import { logQueryOf, withRange } from "../../lib/analytics-page.server";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/app-logs";
import { appWithApis, consumerViewer } from "./app-analytics-data.server";

/** /developer/apps/{appId}/logs: the request log of one of the viewer's apps, with filters and a detail view. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = consumerViewer(context, request, params.lang);
  const url = new URL(request.url);
  const { db, tenant } = context;
  const { app } = await appWithApis(context, viewer, params.appId);
  const { filters, before, detail, rangeParams } = logQueryOf(url);
  const { result, rangeError, range } = await withRange(url, (r, fallback) =>
    searchRequestLog(
      { db, tenantId: tenant.id, viewer },
      {
        audience: "consumer",
        appId: app.id,
        ...(fallback
          ? {}
          : { status: filters.status, endpoint: filters.endpoint, requestId: filters.requestId, before }),
        range: r,
      },
    ),
  );
  const selected = detail
    ? await getRequestLogEntry({ db, tenantId: tenant.id, viewer }, { audience: "consumer", appId: app.id, ...detail })
    : null;
  return {
    app,
    page: result,
    rangeError,
    preset: range.preset ?? "24h",
    filters: { ...filters, app: "" },
    selected,
    rangeParams,
    retentionDays: tenant.config.analytics.retentionDays,
  };
}

export const handle: RouteHandle = {
  breadcrumb: () => [{ path: "/developer/dashboard", labelKey: "apps.title" }],
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "analytics.logs.metaTitle" }),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AppLogs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { app, page } = loaderData;
  return (
    <>
      <AnalyticsPageHeader
        title={t("analytics.logs.appTitle", { app: app.name })}
        intro={t("analytics.logs.intro")}
        links={[
          {
            to: `/developer/apps/${encodeURIComponent(app.id)}/analytics`,
            label: t("analytics.title"),
            nofollow: true,
          },
        ]}
        rangeError={loaderData.rangeError}
      />
      <Container className="py-8">
        <RequestLogView
          rows={page.rows}
          nextBefore={page.nextBefore}
          filters={loaderData.filters}
          range={{ preset: loaderData.preset, from: page.from, to: page.to }}
          keep={{}}
          rangeParams={loaderData.rangeParams}
          selected={loaderData.selected}
          showApp={false}
          retentionDays={loaderData.retentionDays}
        />
      </Container>
    </>
  );
}
