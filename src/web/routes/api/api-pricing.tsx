import { createApp } from "../../../core/apps/apps.service";
import { AppError } from "../../../core/errors/app-error";
import { getPlan } from "../../../core/plans/plans.service";
import { subscribeToPlan } from "../../../core/subscriptions/subscriptions.service";
import { apiPath } from "../../components/api-card";
import { PlanCard } from "../../components/plan-card";
import { PlanLoginPrompt } from "../../components/plan-login-prompt";
import { ButtonLink } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { useTranslation } from "../../i18n/use-translation";
import { formText } from "../../lib/action-result.server";
import { loadApiOr404 } from "../../lib/api-detail.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { pageMeta } from "../../lib/meta";
import { actionErrorOf } from "../../lib/route-errors.server";
import { viewerOf } from "../../lib/route-guards.server";
import type { Route } from "./+types/api-pricing";
import { loadPricingApps, loadPricingPage } from "./api-pricing.server";
import { NEW_APP, PAID_PLAN_NEEDS_CARD, type PricingActionResult } from "./api-pricing-types";

/**
 * Pricing tab of /{username}/api/{slug}: the plans (spec section 3); free ones subscribe through the action below
 * (works without JavaScript), paid ones through the subscription modal (card step, GraphQL subscribeToPlan).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const api = await loadApiOr404(context, params);
  const { plans, apps, contexts, canEdit } = await loadPricingPage(context, api.id);
  return {
    api: { id: api.id, name: api.name, path: apiPath(api) },
    plans,
    apps,
    contexts,
    signedIn: viewerOf(context) !== null,
    canEdit,
    /** Spec section 2: refund requests go to the tenant's support mailbox. */
    supportEmail: context.tenant.config.supportEmail,
  };
}

export async function action({ context, params, request }: Route.ActionArgs): Promise<PricingActionResult> {
  const api = await loadApiOr404(context, params);
  const form = await request.formData();
  requireActionCsrf(request, form);
  const planId = formText(form, "planId");
  const viewer = viewerOf(context);
  const refuse = (code: string, message: string, fields: Record<string, string> = {}): PricingActionResult => ({
    ok: false,
    intent: "subscribe",
    planId,
    code,
    message,
    fields,
  });
  if (!viewer) return refuse("UNAUTHENTICATED", "Log in or sign up to subscribe to a plan");
  const { db, tenant } = context;
  try {
    const plan = await getPlan(db, tenant.id, planId);
    if (!plan || plan.apiId !== api.id) throw new AppError("NOT_FOUND", "Plan not found");
    // Paid plans need the card step of the subscription modal; checked before an inline app is created, so a
    // refused paid plan leaves no stray app behind.
    if (!plan.isFree) throw new AppError("BAD_REQUEST", PAID_PLAN_NEEDS_CARD);
    let appId = formText(form, "appId");
    let appName = "";
    if (!appId || appId === NEW_APP) {
      const name = formText(form, "newAppName");
      if (!name.trim()) return refuse("BAD_REQUEST", "The app needs a name", { newAppName: "The app needs a name" });
      const app = await createApp({ db, tenantId: tenant.id, viewer }, { name });
      appId = app.id;
      appName = app.name;
    }
    const sub = await subscribeToPlan({ db, tenantId: tenant.id, viewer }, planId, appId);
    if (!appName) {
      const apps = await loadPricingApps(context, api.id);
      appName = apps.find((a) => a.id === appId)?.name ?? "";
    }
    return { ok: true, intent: "subscribe", planId, appName, status: sub.status };
  } catch (error) {
    const refusal = actionErrorOf(error);
    return refuse(refusal.code, refusal.message, refusal.field === "name" ? { newAppName: refusal.message } : {});
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "pricing.metaTitle", vars: { name: loaderData?.api.name ?? "" } });

export default function ApiPricing({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { plans, apps, contexts, signedIn, canEdit, api } = loaderData;
  return (
    <div data-testid="pricing-tab" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold">{t("pricing.title")}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("pricing.intro")}</p>
        </div>
        {canEdit && (
          <ButtonLink to={`${api.path}/plans/manage`} data-testid="manage-plans-link" variant="quiet">
            {t("pricing.managePlans")}
          </ButtonLink>
        )}
      </div>
      {!signedIn && plans.length > 0 && <PlanLoginPrompt message={t("pricing.loginPrompt")} />}
      {plans.length === 0 ? (
        <EmptyState data-testid="no-plans" size="lg">
          {t("pricing.noPlans")}
        </EmptyState>
      ) : (
        <ul data-testid="plan-list" className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard
                plan={plan}
                apiId={api.id}
                apiName={api.name}
                apps={apps}
                contexts={contexts}
                supportEmail={loaderData.supportEmail}
                signedIn={signedIn}
                noScriptResult={actionData?.planId === plan.id ? actionData : null}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
