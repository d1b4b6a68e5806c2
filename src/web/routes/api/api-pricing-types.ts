import type { SubscribingApp, SubscribingContext } from "../../../core/apps/subscribing-apps.service";
import type { SubscriptionStatus } from "../../../db/tables/gateway.tables";

/* What the Pricing tab ships to the browser and what its action answers. */

/** The subscription modal's choices; their shape is the use case's (core/apps/subscribing-apps.service.ts). */
export type PricingApp = SubscribingApp;
export type PricingContext = SubscribingContext;

export type PricingActionResult =
  | { ok: true; intent: "subscribe"; planId: string; appName: string; status: SubscriptionStatus }
  | { ok: false; intent: "subscribe"; planId: string; code: string; message: string; fields: Record<string, string> };

/** The action's answer to a paid plan posted without the modal (no card: it needs JavaScript). */
export const PAID_PLAN_NEEDS_CARD = "A paid plan needs a card: subscribe in the subscription window.";

/** The "new app" choice of the subscribe form's app select. */
export const NEW_APP = "__new";
