import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/*
 * apis.pricing_type was set once (FREE at creation, a label in the seed) and never followed the plans. From now on
 * every plan write recomputes it (src/core/plans/api-pricing.ts, docs/decisions/048-pricing-type-from-plans.md); this
 * brings the stored values of APIs that already have plans in line, with the same rule written in SQL:
 * offered plans are neither private nor deprecated; none of them charges → FREE; some start at $0 and some charge
 * (a monthly price, or overage beyond a quota without a hard limit) → FREEMIUM; all charge a monthly price → PAID.
 * APIs without any plan keep their declared value. The apis update trigger queues each changed API for the search
 * index, so search documents follow on the next search.
 */
export async function up(db: AnyDb): Promise<void> {
  await recomputeAllApiPricing(db);
}

/** Exported for the test that checks this SQL against the TypeScript rule. */
export async function recomputeAllApiPricing(db: AnyDb): Promise<void> {
  const offered = sql.raw(`p.tenant_id = apis.tenant_id and p.api_id = apis.id and p.private = 0 and p.deprecated = 0`);
  const charges = sql.raw(`(p.monthly_price_cents > 0
    or (p.hard_limit = 0 and p.quota is not null and p.overage_price_micros > 0)
    or exists (select 1 from plan_objects o where o.tenant_id = p.tenant_id and o.plan_id = p.id
      and o.hard_limit = 0 and o.overage_price_micros > 0))`);
  await sql`update apis set pricing_type = case
      when not exists (select 1 from plans p where ${offered} and ${charges}) then 'FREE'
      when exists (select 1 from plans p where ${offered} and p.monthly_price_cents = 0) then 'FREEMIUM'
      else 'PAID' end
    where exists (select 1 from plans p where p.tenant_id = apis.tenant_id and p.api_id = apis.id)`.execute(db);
}

export async function down(): Promise<void> {
  // The derived values are correct under the old code too; nothing to undo.
}
