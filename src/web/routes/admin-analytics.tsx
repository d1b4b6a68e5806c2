import { Form } from "react-router";
import { tenantAnalytics } from "../../core/analytics/analytics.service";
import { setRequestLogRetention } from "../../core/analytics/retention.service";
import { AnalyticsDashboardView } from "../components/analytics/analytics-dashboard";
import { AnalyticsPageHeader } from "../components/analytics/analytics-page-header";
import { Panel } from "../components/analytics/analytics-panel";
import { CsrfInput } from "../components/app-form-bits";
import { Container } from "../components/page-header";
import { FormError, FormNotice } from "../components/ui/form-field";
import { fieldClass } from "../components/ui/input";
import { useTranslation } from "../i18n/use-translation";
import { formText, runAction } from "../lib/action-result.server";
import { dashboardPage } from "../lib/analytics-page.server";
import type { RouteHandle } from "../lib/breadcrumbs";
import { requireActionCsrf } from "../lib/csrf.server";
import { pageMeta } from "../lib/meta";
import { requireAdmin } from "../lib/route-guards.server";
import { translateServerMessage } from "../lib/server-messages";
import type { Route } from "./+types/admin-analytics";

/** /admin/analytics: calls, errors, latency and revenue across the tenant, and the request log retention. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = requireAdmin(context, request, params.lang);
  const page = await dashboardPage(new URL(request.url), { audience: "admin" }, (range) =>
    tenantAnalytics({ db: context.db, tenantId: context.tenant.id, viewer }, { range }),
  );
  return {
    ...page,
    currency: context.tenant.config.defaultCurrency,
    retentionDays: context.tenant.config.analytics.retentionDays,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const viewer = requireAdmin(context, request, params.lang);
  const form = await request.formData();
  requireActionCsrf(request, form);
  return runAction("retention", () =>
    setRequestLogRetention(
      { db: context.db, tenantId: context.tenant.id, viewer },
      { days: Number(formText(form, "days")) },
    ),
  );
}

export const handle: RouteHandle = {
  breadcrumb: () => [
    { path: "/admin", labelKey: "admin.title" },
    { path: "/admin/analytics", labelKey: "analytics.title" },
  ],
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "analytics.metaTitle" }),
  { name: "robots", content: "noindex" },
];

export default function AdminAnalytics({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { result: dashboard } = loaderData;
  return (
    <>
      <AnalyticsPageHeader
        title={t("analytics.adminTitle")}
        intro={t("analytics.adminIntro")}
        links={[{ to: "/admin", label: t("admin.title") }]}
        csvHref={loaderData.csvHref}
        range={{ preset: loaderData.presetAsked, from: dashboard.range.from, to: dashboard.range.to }}
        rangeError={loaderData.rangeError}
      />
      <Container className="flex flex-col gap-6 py-8">
        <AnalyticsDashboardView dashboard={dashboard} audience="admin" currency={loaderData.currency} />
        <Panel title={t("analytics.retention.title")} testId="retention-panel">
          {actionData && !actionData.ok && <FormError message={translateServerMessage(t, actionData.message)} />}
          {actionData?.ok && <FormNotice message={t("analytics.retention.saved")} />}
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <CsrfInput />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="retention-days" className="text-sm font-semibold">
                {t("analytics.retention.days")}
              </label>
              <input
                id="retention-days"
                name="days"
                type="number"
                min="1"
                max="400"
                defaultValue={loaderData.retentionDays}
                className={`${fieldClass({ fullWidth: false })} w-28`}
              />
            </div>
            <button
              type="submit"
              className="rounded-lg bg-accent px-3 py-2.5 text-sm font-semibold text-white hover:opacity-90"
            >
              {t("analytics.retention.save")}
            </button>
          </Form>
        </Panel>
      </Container>
    </>
  );
}
