import { useEffect } from "react";
import { Form, useNavigate } from "react-router";
import { listMyApis } from "../../../core/api-products/api-products.service";
import { buildUserContexts } from "../../../core/orgs/contexts";
import { pendingApprovalCount } from "../../../core/subscriptions/provider-subscriptions.service";
import { toUseCaseContext } from "../../../core/use-case-context";
import { apiPath } from "../../components/api-card";
import { ApiLogo } from "../../components/api-logo";
import { LockIcon } from "../../components/icons";
import { LocalLink } from "../../components/localized-link";
import { Container, PageHeader } from "../../components/page-header";
import { ButtonLink } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Select } from "../../components/ui/select";
import { useTranslation } from "../../i18n/use-translation";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { useLocale } from "../../lib/root-data";
import { requireStudio } from "../../lib/route-guards.server";
import { readStoredContext } from "../../lib/selected-context";
import type { Route } from "./+types/studio-home";

/** /studio (or /provider): the APIs of the selected context (personal or an organization) and "Add an API". */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { viewer, base } = await requireStudio(context, request, params.lang);
  const url = new URL(request.url);
  const requested = url.searchParams.get("context");
  const contexts = await buildUserContexts(context.db, context.tenant.id, viewer);
  const { context: current, apis } = await listMyApis(
    { db: context.db, tenantId: context.tenant.id, viewer },
    requested,
  );
  // Spec section 4 flag my_apis_approvals: one view of every subscription waiting for this provider's decision.
  const approvals = context.tenant.config.featureFlags.my_apis_approvals
    ? (
        await Promise.all(
          apis.map(async (api) => ({
            id: api.id,
            name: api.name,
            path: apiPath(api),
            pending: (await pendingApprovalCount(toUseCaseContext(context), api.id)) ?? 0,
          })),
        )
      ).filter((a) => a.pending > 0)
    : null;
  return {
    approvals,
    base,
    requested,
    current,
    contexts: [contexts.self, ...Object.values(contexts.tree)].map((c) => ({ id: c.id, type: c.type, name: c.name })),
    apis,
  };
}

export const handle: RouteHandle = {
  breadcrumb: (data) => [{ path: (data as { base: string }).base, labelKey: "studio.title" }],
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "studio.meta.homeTitle" }),
  { name: "robots", content: "noindex" },
];

export default function StudioHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { base, current, contexts, apis, requested } = loaderData;

  // Spec section 4: the selected context lives in the browser; follow it when the address does not name one.
  useEffect(() => {
    if (requested) return;
    const stored = readStoredContext();
    const id = stored?.type === "Team" ? null : stored?.id;
    if (id && id !== current.ownerId && contexts.some((c) => c.id === id)) {
      navigate(`?context=${encodeURIComponent(id)}`, { replace: true });
    }
  }, [requested, current.ownerId, contexts, navigate]);

  const newHref = `${base}/new${current.type === "Organization" ? `?context=${encodeURIComponent(current.ownerId)}` : ""}`;
  return (
    <>
      <PageHeader title={t("studio.title")} intro={t("studio.intro")}>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <Form method="get" className="flex items-end gap-2" data-testid="context-form">
            <div className="flex flex-col gap-1.5">
              <label htmlFor="studio-context" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
                {t("studio.publishingAs")}
              </label>
              <Select id="studio-context" name="context" defaultValue={current.ownerId} className="min-w-56">
                {contexts.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.type === "User" ? t("studio.personal", { name: c.name }) : c.name}
                  </option>
                ))}
              </Select>
            </div>
            <button
              type="submit"
              className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              {t("studio.switchContext")}
            </button>
          </Form>
          <div className="flex flex-wrap gap-2">
            <LocalLink
              to={`${base}/inbox`}
              data-testid="studio-inbox-link"
              className="inline-flex items-center justify-center rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              {t("messages.inboxTitle")}
            </LocalLink>
            <LocalLink
              to={`${base}/earnings`}
              data-testid="studio-earnings-link"
              className="inline-flex items-center justify-center rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              {t("earnings.link")}
            </LocalLink>
            <LocalLink
              to={`${base}/analytics`}
              data-testid="studio-analytics-link"
              className="inline-flex items-center justify-center rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              {t("analytics.link")}
            </LocalLink>
            <ButtonLink
              to={newHref}
              data-testid="studio-add-api"
              size="lg"
              className="inline-flex items-center justify-center shadow-sm"
            >
              {t("studio.addApi")}
            </ButtonLink>
          </div>
        </div>
      </PageHeader>
      <Container className="py-8">
        {loaderData.approvals && <ApprovalsPanel approvals={loaderData.approvals} />}
        {apis.length === 0 ? (
          <EmptyState data-testid="studio-empty" size="lg">
            {t("studio.empty")}
          </EmptyState>
        ) : (
          <ul data-testid="studio-apis" className="flex flex-col gap-3">
            {apis.map((api) => (
              <li
                key={api.id}
                data-testid="studio-api"
                className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="flex min-w-0 flex-1 items-center gap-4">
                  <ApiLogo name={api.name} thumbnail={api.thumbnail} owner={{ apiId: api.id }} />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold">
                      <span dir="auto" className="truncate">
                        {api.name}
                      </span>
                      {api.visibility !== "PUBLIC" && (
                        <LockIcon className="size-4 text-slate-500 dark:text-slate-400" />
                      )}
                    </p>
                    <p className="text-sm text-slate-500 dark:text-slate-400">
                      {api.version ? t("studio.version", { version: api.version }) : t("studio.noSpec")}
                      {api.version && <> · {t("studio.endpoints", { count: api.endpointsCount })}</>}
                      {" · "}
                      {t("studio.updated", { date: formatDate(api.updatedAt, locale) })}
                    </p>
                  </div>
                </div>
                <div className="flex shrink-0 gap-2">
                  <LocalLink
                    to={apiPath(api)}
                    className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
                  >
                    {t("studio.viewPage")}
                  </LocalLink>
                  <ButtonLink
                    to={`${base}/apis/${api.id}`}
                    data-testid="studio-manage"
                    variant="soft"
                    size="custom"
                    className="rounded-lg px-3 py-2 text-sm"
                  >
                    {t("studio.manage")}
                  </ButtonLink>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}

/** The approvals view of My APIs (flag my_apis_approvals): APIs with subscriptions waiting for a decision. */
function ApprovalsPanel(props: { approvals: Array<{ id: string; name: string; path: string; pending: number }> }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="studio-approvals-title"
      data-testid="studio-approvals"
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="studio-approvals-title" className="font-bold">
        {t("studio.approvals.title")}
      </h2>
      {props.approvals.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t("studio.approvals.none")}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1">
          {props.approvals.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span dir="auto" className="font-medium">
                {a.name}
              </span>
              <LocalLink to={`${a.path}/plans/manage`} className="font-semibold text-accent hover:underline">
                {t("studio.pendingApprovals", { count: a.pending })}
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
