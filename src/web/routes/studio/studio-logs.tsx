import { providerScope } from "../../../core/analytics/analytics.service";
import { getRequestLogEntry, type LogRow, searchRequestLog } from "../../../core/analytics/request-log.service";
import { RequestLogView } from "../../components/analytics/request-log-view";
import { LocalLink } from "../../components/localized-link";
import { Container, PageHeader } from "../../components/page-header";
import { FormError } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { rangeParamsOf, withRange } from "../../lib/analytics-page.server";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { pageMeta } from "../../lib/meta";
import { requireStudio } from "../../lib/route-guards.server";
import { translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/studio-logs";

/**
 * /studio/logs (or /provider/logs): the request log of the provider's APIs (?api= narrows to one), filtered by
 * status, endpoint, app, request id and time; ?request=&at= opens one call's details.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { viewer, base } = await requireStudio(context, request, params.lang);
  const url = new URL(request.url);
  const q = (name: string) => url.searchParams.get(name) ?? "";
  const apiId = q("api") || null;
  const { db, tenant } = context;
  const filters = { status: q("status"), endpoint: q("endpoint"), app: q("app"), requestId: q("requestId") };
  const before = Number(q("before")) || null;
  const { apis } = await providerScope(db, tenant.id, viewer, apiId);
  const { result, rangeError, range } = await withRange(url, (r, fallback) =>
    searchRequestLog(db, tenant.id, viewer, {
      audience: "provider",
      apiId,
      ...(fallback ? {} : { appId: filters.app, status: filters.status, endpoint: filters.endpoint }),
      ...(fallback ? {} : { requestId: filters.requestId, before }),
      range: r,
    }),
  );
  let selected: LogRow | null = null;
  const requestId = q("request");
  const at = Number(q("at"));
  if (requestId && Number.isFinite(at)) {
    selected = await getRequestLogEntry(db, tenant.id, viewer, { audience: "provider", requestId, at });
  }
  return {
    base,
    apiId,
    apis,
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
      <PageHeader title={t("analytics.logs.title")} intro={t("analytics.logs.intro")}>
        <div className="mt-4 flex flex-wrap gap-4 text-sm font-semibold">
          <LocalLink
            to={`${base}/analytics${apiId ? `?api=${encodeURIComponent(apiId)}` : ""}`}
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
