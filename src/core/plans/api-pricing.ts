import type { Db } from "../../db/connection";
import type { PricingType } from "../../db/schema";
import { invalidateTenantAggregates } from "../catalog/tenant-aggregate-cache";
import { AppError } from "../errors/app-error";
import { lockApiForPlanWrite, selectPricingFacts, updateApiPricingType } from "./api-pricing.queries";

/*
 * An API's pricing type (FREE / FREEMIUM / PAID: its badge, the search facet and filter, compare) follows its plans.
 * It is stored on apis.pricing_type so the search filter stays an indexed equality, and recomputed in the transaction
 * of every plan write (withPlanWrite). See docs/decisions/048-pricing-type-from-plans.md.
 */

/** What the rule reads of a plan (and of its endpoint-bound objects). */
export interface PricingPlanFacts {
  private: boolean;
  deprecated: boolean;
  monthlyPriceCents: number;
  hardLimit: boolean;
  quota: number | null;
  overagePriceMicros: number;
  objects: ReadonlyArray<{ hardLimit: boolean; overagePriceMicros: number }>;
}

/** A plan a developer can pick today: shown to everyone (not private) and open to new subscribers (not deprecated). */
export function isOfferedPlan(plan: Pick<PricingPlanFacts, "private" | "deprecated">): boolean {
  return !plan.private && !plan.deprecated;
}

/**
 * Whether the plan can charge for calls beyond its quota. Same conditions as billing's computeOverage: a hard limit
 * refuses those calls, and an unlimited quota has no "beyond".
 */
export function chargesOverage(plan: Pick<PricingPlanFacts, "hardLimit" | "quota" | "overagePriceMicros" | "objects">) {
  const planLevel = !plan.hardLimit && plan.quota !== null && plan.overagePriceMicros > 0;
  return planLevel || plan.objects.some((o) => !o.hardLimit && o.overagePriceMicros > 0);
}

/**
 * The pricing type the offered plans give: none charge → FREE; some start at $0 and some charge → FREEMIUM; every one
 * charges a monthly price → PAID. A $0 plan with overage is both a way in for free and a way to be charged, so on its
 * own it makes the API FREEMIUM. `declared` (the provider's or the listing's own label) stands only while the API has
 * no plans at all; once it has any, the plans decide, and none offered means FREE.
 */
export function derivePricingType(plans: readonly PricingPlanFacts[], declared: PricingType): PricingType {
  if (plans.length === 0) return declared;
  const offered = plans.filter(isOfferedPlan);
  const startsFree = offered.some((p) => p.monthlyPriceCents === 0);
  const charges = offered.some((p) => p.monthlyPriceCents > 0 || chargesOverage(p));
  if (!charges) return "FREE";
  return startsFree ? "FREEMIUM" : "PAID";
}

/**
 * Stores the API's pricing type derived from its plans as they are inside `tx` (call it in the plan write's
 * transaction). Writing apis fires the search queue trigger in that same transaction, so the next search rebuilds the
 * API's document before answering. Returns whether the stored value changed.
 */
export async function recomputeApiPricing(tx: Db, tenantId: string, apiId: string): Promise<boolean> {
  const facts = await selectPricingFacts(tx, tenantId, apiId);
  if (!facts) throw new AppError("NOT_FOUND", "API not found");
  const next = derivePricingType(facts.plans, facts.pricingType);
  if (next === facts.pricingType) return false;
  await updateApiPricingType(tx, tenantId, apiId, next);
  return true;
}

/**
 * The one way to write an API's plans: runs `write` in a transaction that first locks the API row (so two plan writes
 * on one API cannot each derive the type from half of the plans) and ends by recomputing the pricing type. The hub's
 * cached cards are dropped when the type changed.
 */
export async function withPlanWrite<T>(
  db: Db,
  tenantId: string,
  apiId: string,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  const { result, changed } = await db.kysely.transaction().execute(async (trx) => {
    const tx: Db = { kysely: trx, dialect: db.dialect, close: async () => {} };
    if (!(await lockApiForPlanWrite(tx, tenantId, apiId))) throw new AppError("NOT_FOUND", "API not found");
    const result = await write(tx);
    return { result, changed: await recomputeApiPricing(tx, tenantId, apiId) };
  });
  if (changed) invalidateTenantAggregates(db, tenantId);
  return result;
}
