import type { GatewayMode } from "../../db/tables/gateway.tables";
import { API_NOT_FOUND, canEditApi } from "../access/private-apis.service";
import { requireViewer } from "../accounts/accounts.policy";
import { AppError } from "../errors/app-error";
import { type ProviderSubscription, providerPlanSubscriptions } from "../subscriptions/provider-subscriptions.service";
import { getApiGatewayMode } from "../upstreams/upstreams.service";
import type { UseCaseContext } from "../use-case-context";
import { selectEndpointTemplates } from "./plans.queries";
import { listPlansForApi } from "./plans.service";
import type { Plan } from "./plans.types";

/** The provider's plan manager for one API (spec section 3): every plan, private ones included, and what goes with. */
export interface PlanManagerData {
  plans: Plan[];
  /** "METHOD /path" of the API's current version, for per-endpoint objects. */
  endpoints: string[];
  /** null when the viewer may edit the API but not manage its subscriptions. */
  subscriptions: ProviderSubscription[] | null;
  gatewayMode: GatewayMode;
}

/** Only whoever may edit the API (spec section 6) opens its plan manager; anyone else finds no such API. */
export async function planManagerData(ctx: UseCaseContext, apiId: string): Promise<PlanManagerData> {
  const viewer = requireViewer(ctx.viewer, ctx.tenantId);
  if (!(await canEditApi({ db: ctx.db, tenantId: ctx.tenantId, viewer }, apiId)))
    throw new AppError("NOT_FOUND", API_NOT_FOUND);
  const [plans, endpoints, gatewayMode, subscriptions] = await Promise.all([
    listPlansForApi(ctx.db, ctx.tenantId, apiId, { includePrivate: true }),
    selectEndpointTemplates(ctx.db, ctx.tenantId, apiId),
    getApiGatewayMode(ctx, apiId),
    providerPlanSubscriptions(ctx, apiId),
  ]);
  return { plans, endpoints, gatewayMode, subscriptions };
}
