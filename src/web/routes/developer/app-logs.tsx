import { getRequestLogEntry, type LogRow, searchRequestLog } from "../../../core/analytics/request-log.service";
import { RequestLogView } from "../../components/analytics/request-log-view";
import { LocalLink } from "../../components/localized-link";
import { Container, PageHeader } from "../../components/page-header";
import { FormError } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { rangeParamsOf, withRange } from "../../lib/analytics-page.server";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { pageMeta } from "../../lib/meta";
import { translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/app-logs";
import { appWithApis, consumerViewer } from "./app-analytics-data.server";

/** /developer/apps/{appId}/logs: the request log of one of the viewer's apps, with filters and a detail view. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = consumerViewer(context, request, params.lang);
  const url = new URL(request.url);
  const q = (name: string) => url.searchParams.get(name) ?? "";
  const { db, tenant } = context;
  const { app } = await appWithApis(context, viewer, params.appId);
  const filters = { status: q("status"), endpoint: q("endpoint"), app: "", requestId: q("requestId") };
  const before = Number(q("before")) || null;
  const { result, rangeError, range } = await withRange(url, (r, fallback) =>
    searchRequestLog(db, tenant.id, viewer, {
      audience: "consumer",
      appId: app.id,
      ...(fallback ? {} : { status: filters.status, endpoint: filters.endpoint, requestId: filters.requestId, before }),
      range: r,
    }),
  );
  let selected: LogRow | null = null;
  const requestId = q("request");
  const at = Number(q("at"));
  if (requestId && Number.isFinite(at)) {
    selected = await getRequestLogEntry(db, tenant.id, viewer, { audience: "consumer", appId: app.id, requestId, at });
  }
  return {
    app,
    page: result,
    rangeError,
    preset: range.preset ?? "24h",
    filters,
    selected,
    rangeParams: rangeParamsOf(url),
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
      <PageHeader title={t("analytics.logs.appTitle", { app: app.name })} intro={t("analytics.logs.intro")}>
        <div className="mt-4 flex flex-wrap gap-4 text-sm font-semibold">
          <LocalLink
            to={`/developer/apps/${encodeURIComponent(app.id)}/analytics`}
            rel="nofollow"
            className="text-accent hover:underline"
          >
            {t("analytics.title")}
          </LocalLink>
        </div>
        {loaderData.rangeError && (
          <div className="mt-3" data-testid="range-error">
            <FormError message={translateServerMessage(t, loaderData.rangeError)} />
          </div>
        )}
      </PageHeader>
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
