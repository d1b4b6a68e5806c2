import type { Insertable } from "kysely";
import { newId } from "../../../common/ids";
import type { PlansTable } from "../../tables/gateway.tables";

/** Every this-many-th directory spec (in the full directory's import order) gets demo plans: ~330 of 2,639. */
export const DEMO_PLAN_EVERY = 8;
/** Specs with more operations than this stay without plans: their mock answers would be a page of schemas. */
const DEMO_PLAN_MAX_ENDPOINTS = 300;

/** Said on every demo plan, so nobody takes its prices for the provider's. */
export const DEMO_PLAN_NOTE = "Demo plan: calls are answered by Portico's mock from the spec's examples";

/**
 * A GET a visitor can call through the gateway: its path parameters are whole segments ("/items/{id}"), which the
 * gateway's matcher fills; a parameter inside a segment ("/report.{format}") it does not.
 */
export function isCallableGet(endpoint: { method: string; path: string }): boolean {
  if (endpoint.method.toUpperCase() !== "GET") return false;
  return endpoint.path.split("/").every((segment) => !segment.includes("{") || /^\{[^{}]+\}$/.test(segment));
}

/**
 * Whether the spec at this position of the full directory (not of a test's subset, so the same APIs get plans in
 * every scope) gets demo plans. Only APIs with a GET to call and a manageable number of operations.
 */
export function getsDemoPlans(position: number, endpoints: ReadonlyArray<{ method: string; path: string }>): boolean {
  if (position % DEMO_PLAN_EVERY !== 0) return false;
  if (endpoints.length === 0 || endpoints.length > DEMO_PLAN_MAX_ENDPOINTS) return false;
  return endpoints.some(isCallableGet);
}

/**
 * Basic (free, hard daily quota), Pro (paid monthly quota with overage) and Ultra (paid, the provider approves the
 * subscription): the shapes a visitor needs to walk the money loop - subscribe, call, hit a quota, pay overage, wait
 * for approval. Prices are round demo figures, labelled as demo on every plan.
 */
export function demoPlanRows(tenantId: string, apiId: string, now: number): Array<Insertable<PlansTable>> {
  const plan = (position: number, fields: Partial<Insertable<PlansTable>> & { name: string; features: string[] }) => {
    const { features, ...rest } = fields;
    return {
      id: newId("pln"),
      tenant_id: tenantId,
      api_id: apiId,
      position,
      recommended: 0 as const,
      private: 0 as const,
      deprecated: 0 as const,
      approval_required: 0 as const,
      hard_limit: 1 as const,
      overage_price_micros: 0,
      rate_limit_count: null,
      rate_limit_unit: null,
      quota: null,
      quota_period: "month" as const,
      monthly_price_cents: 0,
      currency: "USD",
      created_at: now,
      updated_at: now,
      ...rest,
      features_json: JSON.stringify([...features, DEMO_PLAN_NOTE]),
    };
  };
  return [
    plan(0, {
      name: "Basic",
      recommended: 1,
      rate_limit_count: 10,
      rate_limit_unit: "minute",
      quota: 100,
      quota_period: "day",
      features: ["100 requests per day", "10 requests per minute"],
    }),
    plan(1, {
      name: "Pro",
      rate_limit_count: 50,
      rate_limit_unit: "second",
      quota: 100_000,
      hard_limit: 0,
      overage_price_micros: 200,
      monthly_price_cents: 1_500,
      features: ["100,000 requests per month", "Overage at $0.0002 per request"],
    }),
    plan(2, {
      name: "Ultra",
      approval_required: 1,
      rate_limit_count: 200,
      rate_limit_unit: "second",
      quota: 2_000_000,
      monthly_price_cents: 9_900,
      features: ["2,000,000 requests per month", "The provider approves each subscription"],
    }),
  ];
}
