import type { Db } from "../../db/connection";

/** Lines of paid invoices for plans of APIs owned by `ownerId` (optionally one API), with plan and API names. */
export function selectPaidLinesOfProvider(db: Db, tenantId: string, ownerId: string, apiId: string | null) {
  let query = db.kysely

    .selectFrom("invoice_lines as l")
    .innerJoin("invoices as i", (j) => j.onRef("i.id", "=", "l.invoice_id").onRef("i.tenant_id", "=", "l.tenant_id"))
    .innerJoin("plans as p", (j) => j.onRef("p.id", "=", "l.plan_id").onRef("p.tenant_id", "=", "l.tenant_id"))
    .innerJoin("apis as a", (j) => j.onRef("a.id", "=", "p.api_id").onRef("a.tenant_id", "=", "p.tenant_id"))
    .select([
      "l.amount_minor",
      "l.plan_id",
      "p.name as plan_name",
      "a.id as api_id",
      "a.name as api_name",
      "i.currency",
      "i.paid_at",
    ])
    .where("l.tenant_id", "=", tenantId)
    .where("i.status", "=", "paid")
    .where("a.owner_id", "=", ownerId);
  if (apiId) query = query.where("a.id", "=", apiId);
  return query.execute();
}
