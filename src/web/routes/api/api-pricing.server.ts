import type { AppLoadContext } from "react-router";
import type { Viewer } from "../../../core/accounts/accounts.types";
import { listApps } from "../../../core/apps/apps.service";
import { resolveCurrency } from "../../../core/billing/money";
import { buildUserContexts } from "../../../core/orgs/contexts";
import { listPlansForApi } from "../../../core/plans/plans.service";
import { selectSubscription } from "../../../core/subscriptions/subscriptions.queries";
import { type PlanView, toPlanView } from "../../components/plan-view";
import type { PricingApp, PricingContext } from "./api-pricing-types";

/** The API's plans for its Pricing tab: private plans only for those who may edit the API. */
export async function loadPricingPlans(context: AppLoadContext, apiId: string, canEdit: boolean): Promise<PlanView[]> {
  const plans = await listPlansForApi(context.db, context.tenant.id, apiId, { includePrivate: canEdit });
  return plans.map((p) => toPlanView(p, resolveCurrency(p.currency, context.tenant.config.defaultCurrency)));
}

/**
 * The apps the viewer may subscribe with (personal, then each organization and team they act for), each with its
 * current subscription to this API, if any.
 */
export async function loadPricingApps(context: AppLoadContext, viewer: Viewer, apiId: string): Promise<PricingApp[]> {
  return (await loadPricingChoices(context, viewer, apiId)).apps;
}

/** The viewer's contexts (personal, organizations, teams) and, per context, its apps: the subscription modal's choice. */
export async function loadPricingChoices(
  context: AppLoadContext,
  viewer: Viewer,
  apiId: string,
): Promise<{ contexts: PricingContext[]; apps: PricingApp[] }> {
  const { db, tenant } = context;
  const contexts = await buildUserContexts(db, tenant.id, viewer);
  const out: PricingApp[] = [];
  const offered: PricingContext[] = [];
  for (const entry of contexts.all) {
    offered.push({
      id: entry.id,
      type: entry.type,
      name: entry.name,
      parentName: entry.parentName,
      organizationId: entry.type === "User" ? null : entry.organization,
      teamId: entry.type === "Team" ? entry.id : null,
    });
    const appContext =
      entry.type === "Organization"
        ? { organizationId: entry.id }
        : entry.type === "Team"
          ? { organizationId: entry.organization, teamId: entry.id }
          : {};
    const apps = await listApps(db, tenant.id, viewer.id, appContext);
    const contextName = entry.type === "User" ? null : entry.name;
    for (const app of apps) {
      const sub = await selectSubscription(db, tenant.id, app.id, apiId);
      out.push({
        id: app.id,
        name: app.name,
        contextId: entry.id,
        contextName,
        subscription: sub && sub.status !== "unsubscribed" ? { planId: sub.plan_id, status: sub.status } : null,
      });
    }
  }
  return { contexts: offered, apps: out };
}
