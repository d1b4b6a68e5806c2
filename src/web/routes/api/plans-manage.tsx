import { currencyExponent, resolveCurrency } from "../../../core/billing/money";
import { AppError } from "../../../core/errors/app-error";
import { planManagerData } from "../../../core/plans/plan-manager.service";
import { createPlan, getPlan, updatePlan } from "../../../core/plans/plans.service";
import { decideSubscription, type ProviderDecision } from "../../../core/subscriptions/subscriptions.service";
import { GATEWAY_MODES, setApiGatewayMode } from "../../../core/upstreams/upstreams.service";
import { toUseCaseContext } from "../../../core/use-case-context";
import type { GatewayMode } from "../../../db/tables/gateway.tables";
import { apiPath } from "../../components/api-card";
import { GatewayModeForm } from "../../components/gateway-mode-form";
import { PlanApprovals } from "../../components/plan-approvals";
import { PlanEditor } from "../../components/plan-editor";
import { formDataSource, parsePlanForm } from "../../components/plan-form-input";
import { toPlanView } from "../../components/plan-view";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/use-translation";
import { formText } from "../../lib/action-result.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { pageMeta } from "../../lib/meta";
import { actionErrorOf } from "../../lib/route-errors.server";
import { requireEditor } from "../../lib/route-guards.server";
import type { Route } from "./+types/plans-manage";
import type { PlansManageData, PlansManageIntent, PlansManageResult } from "./plans-manage-types";

const DECISIONS = new Set<ProviderDecision>(["approve", "reject", "suspend", "reactivate"]);
/** Core's field names → the form's. */
const FORM_FIELD: Record<string, string> = {
  overagePriceMicros: "overagePrice",
  monthlyPriceCents: "monthlyPrice",
  "rateLimit.count": "rateLimitCount",
  "rateLimit.unit": "rateLimitUnit",
  objects: "objects",
};

/** The API and viewer of a plan-manager request; signed-out visitors go to sign in, non-editors get a 404. */
function requirePlansEditor({ context, params, request }: Route.LoaderArgs | Route.ActionArgs) {
  return requireEditor(context, request, params, { signedOut: "sign-in" });
}

/** /{username}/api/{slug}/plans/manage: the provider's plans (every Plan field) and subscription approvals. */
export async function loader(args: Route.LoaderArgs): Promise<PlansManageData> {
  const { context } = args;
  const { api } = await requirePlansEditor(args);
  const currency = resolveCurrency(null, context.tenant.config.defaultCurrency);
  const data = await planManagerData(toUseCaseContext(context), api.id);
  return {
    api: { id: api.id, name: api.name, path: apiPath(api) },
    plans: data.plans.map((p) => toPlanView(p, resolveCurrency(p.currency, currency))),
    endpoints: data.endpoints,
    currency,
    priceDigits: currencyExponent(currency),
    subscriptions: data.subscriptions,
    gatewayMode: data.gatewayMode,
  };
}

export async function action(args: Route.ActionArgs): Promise<PlansManageResult> {
  const { context, request } = args;
  const { db, tenant } = context;
  const { viewer, api } = await requirePlansEditor(args);
  const form = await request.formData();
  requireActionCsrf(request, form);
  const raw = formText(form, "intent");
  const intent: PlansManageIntent | undefined =
    raw === "create-plan" || raw === "update-plan" || raw === "decide" || raw === "gateway-mode" ? raw : undefined;
  const formId = formText(form, "planId") || formText(form, "subscriptionId") || "new";
  const fail = (code: string, message: string, fields: Record<string, string> = {}): PlansManageResult => ({
    ok: false,
    intent,
    formId,
    code,
    message,
    fields,
  });
  try {
    if (intent === "decide") {
      const decision = formText(form, "decision") as ProviderDecision;
      if (!DECISIONS.has(decision)) throw new AppError("BAD_REQUEST", "Unknown decision");
      // Approving a paid request charges its first period (decision 045).
      await decideSubscription({ db, tenantId: tenant.id, viewer }, formText(form, "subscriptionId"), decision, {
        processor: context.providers.payments,
      });
      return { ok: true, intent, formId, decision };
    }
    if (intent === "gateway-mode") {
      const mode = formText(form, "mode") as GatewayMode;
      if (!GATEWAY_MODES.includes(mode)) throw new AppError("BAD_REQUEST", "The mode is proxy or mock");
      await setApiGatewayMode({ db, tenantId: tenant.id, viewer }, api.id, mode);
      return { ok: true, intent, formId };
    }
    if (intent !== "create-plan" && intent !== "update-plan") throw new AppError("BAD_REQUEST", "Unknown action");
    const existing = intent === "update-plan" ? await getPlan(db, tenant.id, formText(form, "planId")) : null;
    if (intent === "update-plan" && (!existing || existing.apiId !== api.id)) {
      throw new AppError("NOT_FOUND", "Plan not found");
    }
    const currency = existing?.currency ?? resolveCurrency(null, tenant.config.defaultCurrency);
    const parsed = parsePlanForm(formDataSource(form), { priceDigits: currencyExponent(currency) });
    if (!parsed.ok) return fail("BAD_REQUEST", "Please correct the highlighted fields", parsed.fields);
    if (existing) await updatePlan({ db, tenantId: tenant.id, viewer }, existing.id, parsed.values);
    else await createPlan({ db, tenantId: tenant.id, viewer }, api.id, { ...parsed.values, currency });
    return { ok: true, intent, formId };
  } catch (error) {
    const { code, message, field } = actionErrorOf(error);
    const formField = field ? (FORM_FIELD[field] ?? field.split(".")[0] ?? field) : null;
    return fail(code, message, formField ? { [formField]: message } : {});
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, { key: "plans.metaTitle", vars: { name: loaderData?.api.name ?? "" } }),
  { name: "robots", content: "noindex, nofollow" },
];

export default function PlansManage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const data = loaderData;
  return (
    <div data-testid="plans-manage" className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold">{t("plans.title")}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("plans.intro")}</p>
        </div>
        <ButtonLink to={`${data.api.path}/pricing`} variant="quiet">
          {t("plans.viewPricing")}
        </ButtonLink>
      </div>
      <PlanEditor
        plans={data.plans}
        endpoints={data.endpoints}
        currency={data.currency}
        priceDigits={data.priceDigits}
      />
      <PlanApprovals subscriptions={data.subscriptions} plans={data.plans} />
      <GatewayModeForm mode={data.gatewayMode} />
    </div>
  );
}
