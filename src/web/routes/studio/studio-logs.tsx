import { providerScope } from "../../../core/analytics/analytics.service";
import { getRequestLogEntry, searchRequestLog } from "../../../core/analytics/request-log.service";
import { AnalyticsPageHeader } from "../../components/analytics/analytics-page-header";
import { RequestLogView } from "../../components/analytics/request-log-view";
import { Container } from "../../components/page-header";
import { useTranslation } from "../../i18n/use-translation";
import { logQueryOf, withRange } from "../../lib/analytics-page.server";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { pageMeta } from "../../lib/meta";
import { requireStudio } from "../../lib/route-guards.server";
import type { Route } from "./+types/studio-logs";

/**
 * /studio/logs (or /provider/logs): the request log of the provider's APIs (?api= narrows to one), filtered by
 * status, endpoint, app, request id and time; ?request=&at= opens one call's details.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { viewer, base } = await requireStudio(context, request, params.lang);
  const url = new URL(request.url);
  const apiId = url.searchParams.get("api") || null;
  const { db, tenant } = context;
  const { filters, before, detail, rangeParams } = logQueryOf(url);
  const { apis } = await providerScope({ db, tenantId: tenant.id, viewer }, apiId);
  const { result, rangeError, range } = await withRange(url, (r, fallback) =>
    searchRequestLog(
      { db, tenantId: tenant.id, viewer },
      {
        audience: "provider",
        apiId,
        ...(fallback ? {} : { appId: filters.app, status: filters.status, endpoint: filters.endpoint }),
        ...(fallback ? {} : { requestId: filters.requestId, before }),
        range: r,
      },
    ),
  );
  const selected = detail
    ? await getRequestLogEntry({ db, tenantId: tenant.id, viewer }, { audience: "provider", ...detail })
    : null;
  return {
    base,
    apiId,
    apis,
    page: result,
    rangeError,
    preset: range.preset ?? "24h",
    filters,
    selected,
    rangeParams,
    retentionDays: tenant.config.analytics.retentionDays,
  };
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const base = (data as { base: string }).base;
    return [
      { path: base, labelKey: "studio.title" },
      { path: `${base}/analytics`, labelKey: "analytics.title" },
      { path: `${base}/logs`, labelKey: "analytics.logs.title" },
    ];
  },
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "analytics.logs.metaTitle" }),
  { name: "robots", content: "noindex" },
];

export default function StudioLogs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { base, apiId, page } = loaderData;
  return (
    <>
      <AnalyticsPageHeader
        title={t("analytics.logs.title")}
        intro={t("analytics.logs.intro")}
        links={[
          { to: `${base}/analytics${apiId ? `?api=${encodeURIComponent(apiId)}` : ""}`, label: t("analytics.title") },
        ]}
        rangeError={loaderData.rangeError}
      />
      <Container className="py-8">
        <RequestLogView
          rows={page.rows}
          nextBefore={page.nextBefore}
          filters={loaderData.filters}
          range={{ preset: loaderData.preset, from: page.from, to: page.to }}
          keep={apiId ? { api: apiId } : {}}
          rangeParams={loaderData.rangeParams}
          selected={loaderData.selected}
          showApp
          retentionDays={loaderData.retentionDays}
        />
      </Container>
    </>
  );
}
