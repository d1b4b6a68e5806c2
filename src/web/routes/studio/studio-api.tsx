import { localizePath } from "../../../common/i18n/locale-path";
import { isPrefixedLocale } from "../../../common/locales";
import { listCategoryOptions, requireEditableApi } from "../../../core/api-products/api-products.service";
import { listApiVersions } from "../../../core/api-specs/api-specs.service";
import { pendingApprovalCount } from "../../../core/subscriptions/provider-subscriptions.service";
import { getApiGatewayMode } from "../../../core/upstreams/upstreams.service";
import { toUseCaseContext } from "../../../core/use-case-context";
import { apiPath } from "../../components/api-card";
import { LocalLink } from "../../components/localized-link";
import { Container, PageHeader } from "../../components/page-header";
import { ManageApiPanels } from "../../components/studio/manage-api-panels";
import { McpToolsPanel } from "../../components/studio/mcp-tools-panel";
import { StudioPanel } from "../../components/studio/studio-panel";
import { StudioSectionNav } from "../../components/studio/studio-section-nav";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/use-translation";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { notFound } from "../../lib/http-errors";
import { pageMeta } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { orNotFound } from "../../lib/route-errors.server";
import { requireStudio } from "../../lib/route-guards.server";
import { handleManageAction } from "../../lib/studio.server";
import type { Route } from "./+types/studio-api";

async function editableOr404(context: Route.LoaderArgs["context"], apiId: string | undefined) {
  if (!apiId || apiId.length > 100) notFound();
  // Not yours and not found look the same from the studio.
  return orNotFound(
    requireEditableApi({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, apiId),
    ["NOT_FOUND", "FORBIDDEN"],
  );
}

/** /studio/apis/{apiId}: import/replace the spec (with the diff), versions, edit details, delete. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { base } = await requireStudio(context, request, params.lang);
  const api = await editableOr404(context, params.apiId);
  const [versions, categories] = await Promise.all([
    listApiVersions({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id),
    listCategoryOptions(context.db, context.tenant.id),
  ]);
  const created = new URL(request.url).searchParams.get("created") === "1";
  const ctx = toUseCaseContext(context);
  return {
    base,
    api,
    versions,
    categories,
    created,
    pendingApprovals: await pendingApprovalCount(ctx, api.id),
    gatewayMode: await getApiGatewayMode(ctx, api.id),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { base } = await requireStudio(context, request, params.lang);
  const api = await editableOr404(context, params.apiId);
  const after = params.lang && isPrefixedLocale(params.lang) ? localizePath(base, params.lang) : base;
  return handleManageAction(context, request, api.id, after);
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const { base, api } = data as { base: string; api: { id: string; name: string } };
    return [
      { path: base, labelKey: "studio.title" },
      { path: `${base}/apis/${api.id}`, label: api.name },
    ];
  },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, { key: "studio.meta.apiTitle", vars: { name: loaderData?.api.name ?? "" } }),
  { name: "robots", content: "noindex" },
];

export default function StudioApi({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const { api, base } = loaderData;
  return (
    <>
      <PageHeader title={api.name}>
        <div className="mt-4 flex flex-wrap gap-2">
          <LocalLink
            to={apiPath(api)}
            data-testid="studio-view-page"
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {t("studio.viewPage")}
          </LocalLink>
          <ButtonLink
            to={`${apiPath(api)}/plans/manage`}
            data-testid="studio-plans"
            variant="soft"
            size="custom"
            className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm"
          >
            {t("studio.plansAndApprovals")}
            {loaderData.pendingApprovals ? (
              <span
                data-testid="studio-pending-approvals"
                className="rounded-full bg-accent-fill px-2 text-xs text-white"
              >
                {t("studio.pendingApprovals", { count: loaderData.pendingApprovals })}
              </span>
            ) : null}
          </ButtonLink>
          <LocalLink to={base} className="rounded-lg px-3 py-2 text-sm font-semibold text-accent hover:underline">
            {t("studio.backToList")}
          </LocalLink>
        </div>
      </PageHeader>
      <Container className="py-8">
        <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10">
          <StudioSectionNav />
          <div className="min-w-0 max-w-4xl">
            <ManageApiPanels
              api={api}
              versions={loaderData.versions}
              categories={loaderData.categories}
              csrfToken={root?.csrfToken ?? ""}
              actionData={actionData}
              notice={loaderData.created && !actionData ? t("studio.created") : null}
              beforeDanger={
                <>
                  <StudioPanel title={t("studio.sections.plans")} intro={t("studio.sections.plansIntro")} id="plans">
                    <ButtonLink
                      to={`${apiPath(api)}/plans/manage`}
                      data-testid="studio-section-plans-link"
                      variant="outline"
                      size="sm"
                      inline
                    >
                      {t("studio.plansAndApprovals")}
                    </ButtonLink>
                  </StudioPanel>
                  <StudioPanel title={t("studio.sections.gateway")} id="gateway">
                    <p data-testid="studio-gateway-mode" className="text-sm">
                      {t(loaderData.gatewayMode === "mock" ? "plans.gatewayMode.mock" : "plans.gatewayMode.proxy")}
                    </p>
                    <LocalLink
                      to={`${apiPath(api)}/plans/manage`}
                      className="mt-2 inline-block text-sm font-semibold text-accent hover:underline"
                    >
                      {t("studio.sections.changeMode")}
                    </LocalLink>
                  </StudioPanel>
                  <McpToolsPanel apiId={api.id} />
                  <StudioPanel
                    title={t("studio.sections.analytics")}
                    intro={t("studio.sections.analyticsIntro")}
                    id="analytics"
                  >
                    <ButtonLink
                      to={`${base}/analytics?api=${encodeURIComponent(api.id)}`}
                      data-testid="studio-section-analytics-link"
                      variant="outline"
                      size="sm"
                      inline
                    >
                      {t("studio.sections.openAnalytics")}
                    </ButtonLink>
                  </StudioPanel>
                </>
              }
            />
          </div>
        </div>
      </Container>
    </>
  );
}
