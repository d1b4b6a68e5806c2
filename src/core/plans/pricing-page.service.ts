import { type SubscribingChoices, subscribingChoices } from "../apps/subscribing-apps.service";
import type { UseCaseContext } from "../use-case-context";
import { plansForViewer, type ViewerPlans } from "./viewer-plans.service";

/** The Pricing tab of an API (spec section 3): the plans the viewer may see and the apps they may subscribe with. */
export type PricingPageData = ViewerPlans & SubscribingChoices;

export async function pricingPageData(ctx: UseCaseContext, apiId: string): Promise<PricingPageData> {
  const [plans, choices] = await Promise.all([plansForViewer(ctx, apiId), subscribingChoices(ctx, apiId)]);
  return { ...plans, ...choices };
}
