import type { SubscriptionStatus } from "../../db/tables/gateway.tables";
import type { ContextType } from "../orgs/contexts";
import type { UseCaseContext } from "../use-case-context";
import { appsInContextsFor } from "./context-apps.service";

/** A context the viewer may subscribe in (spec section 2 "Organization context choice"). */
export interface SubscribingContext {
  id: string;
  type: ContextType;
  name: string;
  /** The organization's name for a team. */
  parentName: string | null;
  /** For creating an app in this context: null for the personal one. */
  organizationId: string | null;
  teamId: string | null;
}

/** An app the viewer may subscribe with. */
export interface SubscribingApp {
  id: string;
  name: string;
  /** The context (personal, organization or team) the app belongs to: its id in `SubscribingContext`. */
  contextId: string;
  /** The organization or team the app belongs to; null for a personal app. */
  contextName: string | null;
  /** Its current subscription to this API (any state but unsubscribed). */
  subscription: { planId: string; status: SubscriptionStatus } | null;
}

export interface SubscribingChoices {
  contexts: SubscribingContext[];
  apps: SubscribingApp[];
}

/**
 * The subscription modal's choice: the viewer's contexts (personal, organizations, teams) and, per context, its apps
 * with their current subscription to the API. Signed out: nothing to choose.
 */
export async function subscribingChoices(ctx: UseCaseContext, apiId: string): Promise<SubscribingChoices> {
  if (!ctx.viewer) return { contexts: [], apps: [] };
  const { contexts, apps } = await appsInContextsFor(ctx, apiId);
  return {
    contexts: contexts.map((entry) => ({
      id: entry.id,
      type: entry.type,
      name: entry.name,
      parentName: entry.parentName,
      organizationId: entry.type === "User" ? null : entry.organization,
      teamId: entry.type === "Team" ? entry.id : null,
    })),
    apps: apps.map(({ entry, app, subscription }) => ({
      id: app.id,
      name: app.name,
      contextId: entry.id,
      contextName: entry.type === "User" ? null : entry.name,
      subscription:
        subscription && subscription.status !== "unsubscribed"
          ? { planId: subscription.plan_id, status: subscription.status }
          : null,
    })),
  };
}
