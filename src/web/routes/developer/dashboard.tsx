import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { appMcpUrl } from "../../../common/mcp-urls";
import {
  createApp,
  createAppKey,
  deleteApp,
  renameApp,
  revokeAppKey,
  rotateAppKey,
} from "../../../core/apps/apps.service";
import { appContextOf } from "../../../core/apps/context-apps.service";
import { getOnboardingChecklist } from "../../../core/apps/onboarding.service";
import { AppError } from "../../../core/errors/app-error";
import { unsubscribe } from "../../../core/subscriptions/subscriptions.service";
import { toUseCaseContext } from "../../../core/use-case-context";
import { AppCreateForm } from "../../components/app-create-form";
import { AppGatewayInfo } from "../../components/app-gateway-info";
import { AppPanel } from "../../components/app-panel";
import { LocalLink } from "../../components/localized-link";
import { McpConnectPanel } from "../../components/mcp-connect-panel";
import { OnboardingChecklist } from "../../components/onboarding-checklist";
import { Container, PageHeader } from "../../components/page-header";
import { EmptyState } from "../../components/ui/empty-state";
import { useTranslation } from "../../i18n/use-translation";
import { formText, runAction } from "../../lib/action-result.server";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { requireActionCsrf } from "../../lib/csrf.server";
import { pageMeta } from "../../lib/meta";
import { useSession } from "../../lib/root-data";
import { requireViewer } from "../../lib/route-guards.server";
import { offeredContexts, useSelectedContext } from "../../lib/selected-context";
import type { Route } from "./+types/dashboard";
import { loadDashboard, resolveDashboardContext } from "./dashboard-data.server";
import type { DashboardActionResult, DashboardApp, DashboardIntent } from "./dashboard-types";

const INTENTS = new Set<DashboardIntent>([
  "create-app",
  "rename-app",
  "delete-app",
  "create-key",
  "rotate-key",
  "revoke-key",
  "unsubscribe",
]);

/**
 * /developer/dashboard, "My Apps" (spec section 2, nofollow): the apps of the selected context (?context={id}; the
 * browser fills it in from the stored context switcher choice), with keys, subscriptions and the last hour of usage.
 * The layout guard already sends signed-out visitors to sign in; this loader refuses them too, on its own.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request, params.lang);
  const contextId = new URL(request.url).searchParams.get("context");
  const entry = await resolveDashboardContext(context, viewer, contextId);
  const [dashboard, checklist] = await Promise.all([
    loadDashboard(context, viewer, entry),
    getOnboardingChecklist(toUseCaseContext(context), { context: appContextOf(entry) }),
  ]);
  return { ...dashboard, checklist };
}

export async function action({ context, request, params }: Route.ActionArgs): Promise<DashboardActionResult> {
  const viewer = requireViewer(context, request, params.lang);
  const form = await request.formData();
  requireActionCsrf(request, form);
  const raw = formText(form, "intent") as DashboardIntent;
  const intent = INTENTS.has(raw) ? raw : undefined;
  const { db, tenant } = context;
  const appId = formText(form, "appId") || undefined;
  let secret: string | undefined;
  const result = await runAction(intent, async () => {
    switch (intent) {
      case "create-app": {
        const entry = await resolveDashboardContext(context, viewer, formText(form, "contextId") || null);
        await createApp(
          { db, tenantId: tenant.id, viewer },
          { name: formText(form, "name"), context: appContextOf(entry) },
        );
        return;
      }
      case "rename-app":
        await renameApp({ db, tenantId: tenant.id, viewer }, formText(form, "appId"), {
          name: formText(form, "name"),
          description: formText(form, "description") || null,
        });
        return;
      case "delete-app":
        await deleteApp({ db, tenantId: tenant.id, viewer }, formText(form, "appId"));
        return;
      case "create-key":
        secret = (
          await createAppKey(
            { db, tenantId: tenant.id, viewer },
            formText(form, "appId"),
            formText(form, "name") || null,
          )
        ).secret;
        return;
      case "rotate-key": {
        const overlap = Number(formText(form, "overlapSeconds") || "86400");
        secret = (await rotateAppKey({ db, tenantId: tenant.id, viewer }, formText(form, "keyId"), overlap)).secret;
        return;
      }
      case "revoke-key":
        await revokeAppKey({ db, tenantId: tenant.id, viewer }, formText(form, "keyId"));
        return;
      case "unsubscribe":
        await unsubscribe({ db, tenantId: tenant.id, viewer }, formText(form, "subscriptionId"));
        return;
      default:
        throw new AppError("BAD_REQUEST", "Unknown action");
    }
  });
  if (!result.ok) return { ...result, intent, appId };
  return { ok: true, intent: intent ?? "create-app", appId, secret, rotated: intent === "rotate-key" };
}

export const handle: RouteHandle = {
  breadcrumb: () => [{ path: "/developer/dashboard", labelKey: "apps.title" }],
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "apps.metaTitle" }),
  // Spec section 2: My Apps is nofollow; it is personal, so it is not indexed either.
  { name: "robots", content: "noindex, nofollow" },
];

/** Follows the context switcher: when the stored choice differs from the page's context, reload with it. */
function useContextFromSwitcher(currentId: string) {
  const session = useSession();
  const navigate = useNavigate();
  const offered = session ? offeredContexts(session.contexts, session.menu.personalContext) : [];
  const selected = useSelectedContext(offered);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!selected || selected.id === currentId || asked.current === selected.id) return;
    asked.current = selected.id;
    navigate(`?context=${encodeURIComponent(selected.id)}`, { replace: true, preventScrollReset: true });
  }, [selected, currentId, navigate]);
}

/** A real path for the curl example: the first API one of the apps subscribes to. */
function exampleGatewayPath(apps: DashboardApp[]): string | null {
  for (const app of apps) {
    const sub = app.subscriptions.find((s) => s.gatewayPath && s.status === "subscribed");
    if (sub?.gatewayPath) return `${sub.gatewayPath}/{path}`;
  }
  return null;
}

export default function DeveloperDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { context, apps, gateway, checklist } = loaderData;
  useContextFromSwitcher(context.id);
  const contextName =
    context.type === "User"
      ? t("nav.personalAccount")
      : context.type === "Team" && context.parentName
        ? t("nav.contextTeam", { team: context.name, organization: context.parentName })
        : context.name;
  return (
    <>
      <PageHeader title={t("apps.title")} intro={t("apps.intro")}>
        <p
          data-testid="apps-context"
          data-context-id={context.id}
          className="mt-3 text-sm text-slate-500 dark:text-slate-400"
        >
          {t("apps.contextIs", { context: contextName })}
        </p>
        <p className="mt-2 text-sm">
          <LocalLink
            to="/developer/billing"
            rel="nofollow"
            data-testid="billing-link"
            className="font-semibold text-accent hover:underline"
          >
            {t("billing.goToBilling")}
          </LocalLink>
        </p>
      </PageHeader>
      <Container className="flex flex-col gap-8 py-8">
        <OnboardingChecklist checklist={checklist} gateway={gateway} />
        <AppCreateForm contextId={context.id} />
        {apps.length === 0 ? (
          <EmptyState data-testid="no-apps" size="lg">
            {t("apps.empty")}
          </EmptyState>
        ) : (
          <ul data-testid="app-list" className="flex flex-col gap-6">
            {apps.map((app) => (
              <li key={app.id}>
                <AppPanel
                  app={app}
                  gateway={gateway}
                  noScriptResult={actionData?.appId === app.id ? actionData : null}
                />
              </li>
            ))}
          </ul>
        )}
        {/* The marketplace's internals (base URL, headers, tenant id, MCP) help integrators, not a first call. */}
        <details
          data-testid="apps-advanced"
          className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <summary className="cursor-pointer rounded-2xl px-5 py-4 font-semibold">{t("onboarding.advanced")}</summary>
          <div className="flex flex-col gap-6 border-t border-slate-200 p-5 dark:border-slate-800">
            <AppGatewayInfo gateway={gateway} examplePath={exampleGatewayPath(apps)} />
            <McpConnectPanel
              testId="apps-mcp"
              title={t("mcp.appTitle")}
              intro={t("mcp.appIntro")}
              url={appMcpUrl(gateway.baseUrl)}
              serverName="portico"
              tenantId={gateway.tenantHeaderNeeded ? gateway.tenantId : null}
              storedKey={null}
              manageKeysLink={false}
              noKeyText={t("mcp.noAppKey", { placeholder: `\u2068${t("mcp.keyPlaceholder")}\u2069` })}
            />
          </div>
        </details>
      </Container>
    </>
  );
}
