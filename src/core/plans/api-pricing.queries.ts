import type { Db } from "../../db/connection";
import type { PricingType } from "../../db/schema";
import type { PricingPlanFacts } from "./api-pricing";

/**
 * Locks the API's row until the transaction ends (PostgreSQL; SQLite has one writer at a time already). False when the
 * API does not exist.
 */
export async function lockApiForPlanWrite(tx: Db, tenantId: string, apiId: string): Promise<boolean> {
  const query = tx.kysely.selectFrom("apis").select("id").where("tenant_id", "=", tenantId).where("id", "=", apiId);
  const row = await (tx.dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  return row !== undefined;
}

/** The API's stored pricing type and every plan (private and deprecated included) with its objects; null: no API. */
export async function selectPricingFacts(
  db: Db,
  tenantId: string,
  apiId: string,
): Promise<{ pricingType: PricingType; plans: PricingPlanFacts[] } | null> {
  const api = await db.kysely
    .selectFrom("apis")
    .select("pricing_type")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .executeTakeFirst();
  if (!api) return null;
  const k = db.kysely;
  const plans = await k
    .selectFrom("plans")
    .select(["id", "private", "deprecated", "monthly_price_cents", "hard_limit", "quota", "overage_price_micros"])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .execute();
  const objects =
    plans.length === 0
      ? []
      : await k
          .selectFrom("plan_objects")
          .select(["plan_id", "hard_limit", "overage_price_micros"])
          .where("tenant_id", "=", tenantId)
          .where(
            "plan_id",
            "in",
            plans.map((p) => p.id),
          )
          .execute();
  return {
    pricingType: api.pricing_type,
    plans: plans.map((p) => ({
      private: p.private === 1,
      deprecated: p.deprecated === 1,
      monthlyPriceCents: Number(p.monthly_price_cents),
      hardLimit: p.hard_limit === 1,
      quota: p.quota === null ? null : Number(p.quota),
      overagePriceMicros: Number(p.overage_price_micros),
      objects: objects
        .filter((o) => o.plan_id === p.id)
        .map((o) => ({ hardLimit: o.hard_limit === 1, overagePriceMicros: Number(o.overage_price_micros) })),
    })),
  };
}

export async function updateApiPricingType(
  tx: Db,
  tenantId: string,
  apiId: string,
  pricingType: PricingType,
): Promise<void> {
  await tx.kysely
    .updateTable("apis")
    .set({ pricing_type: pricingType })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .execute();
}
