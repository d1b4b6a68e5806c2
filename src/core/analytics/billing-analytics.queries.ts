import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/connection";

/* Money and quota for the dashboards, from the billing tables (invoices, lines, counters): never estimated. */

export interface RevenueLineRow {
  kind: string;
  amountMinor: number;
  currency: string;
  planId: string | null;
  planName: string | null;
  paidAt: number;
}

/**
 * Lines of invoices paid in [from, to): for plans of these APIs (apiIds), for subscriptions of these apps (appIds),
 * or the whole tenant (both null).
 */
export async function selectPaidLines(
  db: Db,
  tenantId: string,
  filter: { apiIds: readonly string[] | null; appIds: readonly string[] | null },
  from: number,
  to: number,
): Promise<RevenueLineRow[]> {
  if ((filter.apiIds && filter.apiIds.length === 0) || (filter.appIds && filter.appIds.length === 0)) return [];
  const parts: RawBuilder<unknown>[] = [
    sql`l.tenant_id = ${tenantId}`,
    sql`i.status = 'paid'`,
    sql`i.paid_at >= ${from}`,
    sql`i.paid_at < ${to}`,
  ];
  if (filter.apiIds) parts.push(sql`p.api_id in (${sql.join(filter.apiIds)})`);
  if (filter.appIds) {
    parts.push(sql`i.subscription_id in (select id from subscriptions where tenant_id = ${tenantId}
      and app_id in (${sql.join(filter.appIds)}))`);
  }
  const { rows } = await sql<{
    kind: string;
    amount_minor: string | number;
    currency: string;
    plan_id: string | null;
    plan_name: string | null;
    paid_at: string | number;
  }>`select l.kind, l.amount_minor, i.currency, l.plan_id, p.name as plan_name, i.paid_at
    from invoice_lines l
    join invoices i on i.id = l.invoice_id and i.tenant_id = l.tenant_id
    left join plans p on p.id = l.plan_id and p.tenant_id = l.tenant_id
    where ${sql.join(parts, sql` and `)}`.execute(db.kysely);
  return rows.map((r) => ({
    kind: r.kind,
    amountMinor: Number(r.amount_minor),
    currency: r.currency,
    planId: r.plan_id,
    planName: r.plan_name,
    paidAt: Number(r.paid_at),
  }));
}

export interface QuotaRow {
  subscriptionId: string;
  appId: string;
  apiId: string;
  planId: string;
  planName: string;
  quota: number | null;
  quotaPeriod: string;
  hardLimit: boolean;
}

/** Live subscriptions (subscribed) of these APIs or apps, with their plan's quota. */
export async function selectQuotaSubscriptions(
  db: Db,
  tenantId: string,
  filter: { apiIds: readonly string[] | null; appIds: readonly string[] | null },
): Promise<QuotaRow[]> {
  if ((filter.apiIds && filter.apiIds.length === 0) || (filter.appIds && filter.appIds.length === 0)) return [];
  let query = db.kysely
    .selectFrom("subscriptions as s")
    .innerJoin("plans as p", (j) => j.onRef("p.id", "=", "s.plan_id").onRef("p.tenant_id", "=", "s.tenant_id"))
    .select([
      "s.id",
      "s.app_id",
      "s.api_id",
      "p.id as plan_id",
      "p.name as plan_name",
      "p.quota",
      "p.quota_period",
      "p.hard_limit",
    ])
    .where("s.tenant_id", "=", tenantId)
    .where("s.status", "=", "subscribed");
  if (filter.apiIds) query = query.where("s.api_id", "in", [...filter.apiIds]);
  if (filter.appIds) query = query.where("s.app_id", "in", [...filter.appIds]);
  const rows = await query.orderBy("p.name").limit(5_000).execute();
  return rows.map((r) => ({
    subscriptionId: r.id,
    appId: r.app_id,
    apiId: r.api_id,
    planId: r.plan_id,
    planName: r.plan_name,
    quota: r.quota === null ? null : Number(r.quota),
    quotaPeriod: r.quota_period,
    hardLimit: Number(r.hard_limit) === 1,
  }));
}

/** The billing counter ("plan" scope) of each subscription for the period starting at its periodStart. */
export async function selectPlanCounters(
  db: Db,
  tenantId: string,
  wanted: ReadonlyArray<{ subscriptionId: string; periodStart: number }>,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (wanted.length === 0) return counts;
  const rows = await db.kysely
    .selectFrom("billing_counters")
    .select(["subscription_id", "period_start", "count"])
    .where("tenant_id", "=", tenantId)
    .where("scope", "=", "plan")
    .where(
      "subscription_id",
      "in",
      wanted.map((w) => w.subscriptionId),
    )
    .execute();
  const period = new Map(wanted.map((w) => [w.subscriptionId, w.periodStart]));
  for (const r of rows) {
    if (period.get(r.subscription_id) === Number(r.period_start)) counts.set(r.subscription_id, Number(r.count));
  }
  return counts;
}

/** Names of apps (for top consumers), with the organization that owns them if any. */
export async function selectAppNames(db: Db, tenantId: string, appIds: readonly string[]) {
  if (appIds.length === 0) return new Map<string, { name: string; organization: string | null }>();
  const rows = await db.kysely
    .selectFrom("apps as a")
    .leftJoin("organizations as o", (j) =>
      j.onRef("o.id", "=", "a.organization_id").onRef("o.tenant_id", "=", "a.tenant_id"),
    )
    .select(["a.id", "a.name", "o.name as org_name"])
    .where("a.tenant_id", "=", tenantId)
    .where("a.id", "in", [...appIds])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, organization: r.org_name ?? null }]));
}

/** Plan names of the (app, api) subscriptions, for top consumers. */
export async function selectPlansOfApps(db: Db, tenantId: string, appIds: readonly string[]) {
  if (appIds.length === 0) return new Map<string, string>();
  const rows = await db.kysely
    .selectFrom("subscriptions as s")
    .innerJoin("plans as p", (j) => j.onRef("p.id", "=", "s.plan_id").onRef("p.tenant_id", "=", "s.tenant_id"))
    .select(["s.app_id", "s.api_id", "p.name"])
    .where("s.tenant_id", "=", tenantId)
    .where("s.app_id", "in", [...appIds])
    .where("s.status", "!=", "unsubscribed")
    .execute();
  return new Map(rows.map((r) => [`${r.app_id}|${r.api_id}`, r.name]));
}

/** Ids and names of the APIs a user owns (the provider's "all my APIs"). */
export async function selectOwnedApis(db: Db, tenantId: string, ownerId: string) {
  return db.kysely
    .selectFrom("apis")
    .select(["id", "name"])
    .where("tenant_id", "=", tenantId)
    .where("owner_id", "=", ownerId)
    .orderBy("name")
    .execute();
}

export async function selectApiNames(db: Db, tenantId: string, apiIds: readonly string[]) {
  if (apiIds.length === 0) return new Map<string, string>();
  const rows = await db.kysely
    .selectFrom("apis")
    .select(["id", "name"])
    .where("tenant_id", "=", tenantId)
    .where("id", "in", [...apiIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
