import type { SubscriptionStatus } from "../../db/tables/gateway.tables";
import { canEditApi } from "../access/private-apis.service";
import { selectUsersByIds } from "../accounts/accounts.queries";
import { selectAppsByIds } from "../apps/apps.queries";
import { AppError } from "../errors/app-error";
import { selectApiOwner, selectPlansForApi } from "../plans/plans.queries";
import type { UseCaseContext } from "../use-case-context";
import { toSubscriptionsWithRequests } from "./plan-change-requests";
import { selectSubscriptionsOfApi } from "./subscriptions.queries";

/** A subscription to the provider's API as the plan manager lists it for approval. */
export interface ProviderSubscription {
  id: string;
  status: SubscriptionStatus;
  appName: string;
  /** Who subscribed: the app's owner. */
  username: string | null;
  planId: string;
  planName: string | null;
  updatedAt: number;
  /** An active subscription asks to move to this plan, which needs approval (decision 049); null otherwise. */
  requestedPlanName: string | null;
}

/**
 * Whether the viewer manages the API's subscriptions (the rule of assertCanManageApi: whoever may edit the API).
 * A missing API is NOT_FOUND; a signed-out viewer or one who may not edit it gets false.
 */
async function managesSubscriptions(ctx: UseCaseContext, apiId: string): Promise<boolean> {
  if (!ctx.viewer) return false;
  if (!(await selectApiOwner(ctx.db, ctx.tenantId, apiId))) throw new AppError("NOT_FOUND", "API not found");
  return canEditApi(ctx, apiId);
}

/**
 * Provider side (spec section 3 "approval required"): the API's live subscriptions (every state but unsubscribed),
 * newest first, with the app, its owner and the plan named; null when the viewer may not manage them.
 */
export async function providerPlanSubscriptions(
  ctx: UseCaseContext,
  apiId: string,
): Promise<ProviderSubscription[] | null> {
  if (!(await managesSubscriptions(ctx, apiId))) return null;
  const { db, tenantId } = ctx;
  const rows = await selectSubscriptionsOfApi(db, tenantId, apiId);
  const subs = (await toSubscriptionsWithRequests(db, tenantId, rows)).filter((s) => s.status !== "unsubscribed");
  const [plans, apps] = await Promise.all([
    selectPlansForApi(db, tenantId, apiId),
    selectAppsByIds(db, tenantId, [...new Set(subs.map((s) => s.appId))]),
  ]);
  const planNames = new Map(plans.map((p) => [p.id, p.name]));
  const appsById = new Map(apps.map((a) => [a.id, a]));
  const ownerIds = [...new Set(apps.map((a) => a.owner_user_id))];
  const owners = new Map((await selectUsersByIds(db, tenantId, ownerIds)).map((u) => [u.id, u.username]));
  return subs.map((s) => {
    const app = appsById.get(s.appId);
    const request = s.planRequest?.status === "pending" ? s.planRequest : null;
    return {
      id: s.id,
      status: s.status,
      appName: app?.name ?? s.appId,
      username: app ? (owners.get(app.owner_user_id) ?? null) : null,
      planId: s.planId,
      planName: planNames.get(s.planId) ?? null,
      updatedAt: s.updatedAt,
      requestedPlanName: request ? (planNames.get(request.planId) ?? request.planId) : null,
    };
  });
}

/**
 * Requests waiting for the provider's decision (the studio's badge): new subscriptions and plan changes (decision
 * 049); null when not the viewer's API.
 */
export async function pendingApprovalCount(ctx: UseCaseContext, apiId: string): Promise<number | null> {
  if (!(await managesSubscriptions(ctx, apiId))) return null;
  const rows = await selectSubscriptionsOfApi(ctx.db, ctx.tenantId, apiId);
  const subs = await toSubscriptionsWithRequests(ctx.db, ctx.tenantId, rows);
  return subs.filter((s) => s.status === "pending_approval" || s.planRequest?.status === "pending").length;
}
