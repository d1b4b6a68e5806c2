import type { SubscriptionStatus } from "../../../db/tables/gateway.tables";

/* What the Pricing tab ships to the browser and what its action answers. */

export interface PricingApp {
  id: string;
  name: string;
  /** The context (personal, organization or team) the app belongs to: its id in `PricingContext`. */
  contextId: string;
  /** The organization or team the app belongs to; null for a personal app. */
  contextName: string | null;
  /** Its current subscription to this API (any state but unsubscribed). */
  subscription: { planId: string; status: SubscriptionStatus } | null;
}

/** A context the viewer may subscribe in (spec section 2 "Organization context choice"). */
export interface PricingContext {
  id: string;
  type: "User" | "Organization" | "Team";
  name: string;
  /** The organization's name for a team. */
  parentName: string | null;
  /** For creating an app in this context: null for the personal one. */
  organizationId: string | null;
  teamId: string | null;
}

export type PricingActionResult =
  | { ok: true; intent: "subscribe"; planId: string; appName: string; status: SubscriptionStatus }
  | { ok: false; intent: "subscribe"; planId: string; code: string; message: string; fields: Record<string, string> };

/** The action's answer to a paid plan posted without the modal (no card: it needs JavaScript). */
export const PAID_PLAN_NEEDS_CARD = "A paid plan needs a card: subscribe in the subscription window.";

/** The "new app" choice of the subscribe form's app select. */
export const NEW_APP = "__new";
