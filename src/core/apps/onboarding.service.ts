import { kyselyOf } from "../../db/executor";
import { requireViewer } from "../accounts/accounts.policy";
import { apiRefLookup } from "../catalog/api-refs";
import type { UseCaseContext } from "../use-case-context";
import { listApps } from "./apps.service";
import type { AppContext } from "./apps.types";
import {
  hasLoggedCall,
  hasRolledUpCall,
  hasSavedApi,
  selectFreeDemoCandidates,
  selectSubscriptionStatuses,
} from "./onboarding.queries";

/** The four steps from a new account to a call seen in analytics, each true only when the data says so. */
export interface OnboardingChecklist {
  /** A subscription of one of the apps (any state), or a saved API. */
  foundApi: boolean;
  /** A live ("subscribed") subscription of one of the apps. */
  subscribed: boolean;
  /** The request log holds a call of one of the apps. */
  firstCall: boolean;
  /** The analytics rollups count a call of one of the apps. */
  inAnalytics: boolean;
  /** The app whose analytics to open (the first app of the context), null without apps. */
  firstAppId: string | null;
  /** A free API to make the first call with, or null when the tenant has none. */
  demo: { apiName: string; apiPath: string; gatewayPath: string; path: string; mock: boolean } | null;
}

/**
 * My Apps' first-call checklist for the viewer's apps in one context (personal by default), and a free API to call
 * first. Reads only: nothing here marks a step done; the real subscription, call and rollup do.
 */
export async function getOnboardingChecklist(
  ctx: UseCaseContext,
  input: { context?: AppContext } = {},
): Promise<OnboardingChecklist> {
  const viewer = requireViewer(ctx.viewer, ctx.tenantId);
  const h = kyselyOf(ctx.db);
  const apps = await listApps({ db: ctx.db, tenantId: ctx.tenantId, viewer }, input.context ?? {});
  const appIds = apps.map((a) => a.id);
  const [statuses, saved, firstCall, inAnalytics, candidates] = await Promise.all([
    appIds.length > 0 ? selectSubscriptionStatuses(h, ctx.tenantId, appIds) : [],
    hasSavedApi(h, ctx.tenantId, viewer.id),
    appIds.length > 0 ? hasLoggedCall(h, ctx.tenantId, appIds) : false,
    appIds.length > 0 ? hasRolledUpCall(h, ctx.tenantId, appIds) : false,
    selectFreeDemoCandidates(h, ctx.tenantId, 1),
  ]);
  const candidate = candidates[0];
  let demo: OnboardingChecklist["demo"] = null;
  if (candidate) {
    const ref = await apiRefLookup(ctx.db, ctx.tenantId)(candidate.apiId);
    if (ref.apiPath && ref.gatewayPath) {
      demo = {
        apiName: ref.apiName,
        apiPath: ref.apiPath,
        gatewayPath: ref.gatewayPath,
        path: candidate.path,
        mock: candidate.mode === "mock",
      };
    }
  }
  return {
    foundApi: statuses.length > 0 || saved,
    subscribed: statuses.some((s) => s.status === "subscribed"),
    firstCall,
    inAnalytics,
    firstAppId: apps[0]?.id ?? null,
    demo,
  };
}
