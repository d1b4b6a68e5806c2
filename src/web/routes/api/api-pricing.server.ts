import type { AppLoadContext } from "react-router";
import { subscribingChoices } from "../../../core/apps/subscribing-apps.service";
import { resolveCurrency } from "../../../core/billing/money";
import { pricingPageData } from "../../../core/plans/pricing-page.service";
import { toUseCaseContext } from "../../../core/use-case-context";
import { toPlanView } from "../../components/plan-view";
import type { PricingApp } from "./api-pricing-types";

/**
 * The Pricing tab's data from its use case (core/plans/pricing-page.service.ts decides who sees which plans), with
 * each plan shaped for the page in the tenant's currency.
 */
export async function loadPricingPage(context: AppLoadContext, apiId: string) {
  const data = await pricingPageData(toUseCaseContext(context), apiId);
  const plans = data.plans.map((p) =>
    toPlanView(p, resolveCurrency(p.currency, context.tenant.config.defaultCurrency)),
  );
  return { ...data, plans };
}

/** The apps the viewer may subscribe with, each with its current subscription to this API, if any. */
export async function loadPricingApps(context: AppLoadContext, apiId: string): Promise<PricingApp[]> {
  return (await subscribingChoices(toUseCaseContext(context), apiId)).apps;
}
