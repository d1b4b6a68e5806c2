import { canEditApi, canViewApi } from "../access/private-apis.service";
import type { UseCaseContext } from "../use-case-context";
import { getPlan, listPlansForApi } from "./plans.service";
import type { Plan } from "./plans.types";

/** An API's plans as the viewer may see them, and whether the viewer is its provider (may edit it). */
export interface ViewerPlans {
  canEdit: boolean;
  plans: Plan[];
}

/**
 * The Pricing tab's plans (spec section 3): a private API's plans are as invisible as the API itself to whoever may
 * not see it; private plans show only to the API's provider (whoever may edit it, spec section 6).
 */
export async function plansForViewer(ctx: UseCaseContext, apiId: string): Promise<ViewerPlans> {
  const { db, tenantId, viewer } = ctx;
  if (!(await canViewApi({ db, tenantId, viewer }, apiId))) return { canEdit: false, plans: [] };
  const canEdit = await canEditApi({ db, tenantId, viewer }, apiId);
  return { canEdit, plans: await listPlansForApi(db, tenantId, apiId, { includePrivate: canEdit }) };
}

/** plansForViewer's plans alone (GraphQL apiPlans). */
export async function listPlansForViewer(ctx: UseCaseContext, apiId: string): Promise<Plan[]> {
  return (await plansForViewer(ctx, apiId)).plans;
}

/** One plan if the viewer may see it (its API visible to them; a private plan only for the provider), else null. */
export async function getPlanForViewer(ctx: UseCaseContext, planId: string): Promise<Plan | null> {
  const { db, tenantId, viewer } = ctx;
  const plan = await getPlan(db, tenantId, planId);
  if (!plan || !(await canViewApi({ db, tenantId, viewer }, plan.apiId))) return null;
  if (plan.private && !(await canEditApi({ db, tenantId, viewer }, plan.apiId))) return null;
  return plan;
}
