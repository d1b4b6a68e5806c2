import type { Insertable, Updateable } from "kysely";
import type { Db, DbExecutor } from "../../db/connection";
import type { SubscriptionStatus, SubscriptionsTable } from "../../db/tables/gateway.tables";
import type { SubscriptionEventRow } from "../../db/tables/subscription-billing.tables";
export async function selectSubscription(db: Db, tenantId: string, appId: string, apiId: string) {
  return db.kysely
    .selectFrom("subscriptions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("app_id", "=", appId)
    .where("api_id", "=", apiId)
    .executeTakeFirst();
}

/** The subscriptions of several apps to one API in one query (the Pricing tab's and try-it's app lists). */
export async function selectSubscriptionsOfAppsToApi(
  db: Db,
  tenantId: string,
  appIds: readonly string[],
  apiId: string,
) {
  if (appIds.length === 0) return [];
  return db.kysely
    .selectFrom("subscriptions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .where("app_id", "in", appIds)
    .execute();
}

export async function selectSubscriptionById(db: Db, tenantId: string, subscriptionId: string) {
  return db.kysely
    .selectFrom("subscriptions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", subscriptionId)
    .executeTakeFirst();
}

export async function selectSubscriptionsOfApp(db: Db, tenantId: string, appId: string) {
  return db.kysely
    .selectFrom("subscriptions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("app_id", "=", appId)
    .orderBy("created_at", "desc")
    .execute();
}

export async function selectSubscriptionsOfApi(db: Db, tenantId: string, apiId: string) {
  return db.kysely
    .selectFrom("subscriptions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .orderBy("created_at", "desc")
    .execute();
}

export async function insertSubscription(db: Db, row: Insertable<SubscriptionsTable>): Promise<void> {
  await db.kysely.insertInto("subscriptions").values(row).execute();
}

export async function updateSubscriptionRow(
  db: Db,
  tenantId: string,
  subscriptionId: string,
  changes: Updateable<SubscriptionsTable>,
): Promise<void> {
  await db.kysely
    .updateTable("subscriptions")
    .set(changes)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", subscriptionId)
    .execute();
}

export async function selectApiForSubscription(db: Db, tenantId: string, apiId: string) {
  return db.kysely
    .selectFrom("apis")
    .select(["id", "owner_id", "visibility", "name"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .executeTakeFirst();
}

/* ---- Billing and state machine (migration 041). Handles are a Db's kysely or a transaction of it. ---- */

export function subscriptionHandle(db: Db): DbExecutor {
  return db.kysely;
}

export function selectSubscriptionIn(h: DbExecutor, tenantId: string, subscriptionId: string) {
  return h
    .selectFrom("subscriptions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", subscriptionId)
    .executeTakeFirst();
}

export function selectSubscriptionOfAppIn(h: DbExecutor, tenantId: string, appId: string, apiId: string) {
  return h
    .selectFrom("subscriptions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("app_id", "=", appId)
    .where("api_id", "=", apiId)
    .executeTakeFirst();
}

/** Rows an organization subscription covers (apps of its teams). */
export function selectCoveredSubscriptions(h: DbExecutor, tenantId: string, subscriptionId: string) {
  return h
    .selectFrom("subscriptions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("covered_by_subscription_id", "=", subscriptionId)
    .execute();
}

/** The organization's own (covering) subscription to an API that is still alive, if any. */
export function selectOrganizationSubscription(h: DbExecutor, tenantId: string, organizationId: string, apiId: string) {
  return h
    .selectFrom("subscriptions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", organizationId)
    .where("api_id", "=", apiId)
    .where("covered_by_subscription_id", "is", null)
    .where("status", "in", ["subscribed", "pending_approval", "suspended"])
    .orderBy("created_at")
    .executeTakeFirst();
}

export async function insertSubscriptionIn(h: DbExecutor, row: Insertable<SubscriptionsTable>) {
  await h.insertInto("subscriptions").values(row).execute();
}

/**
 * Conditional update from the expected status (and, when given, the expected period end): true when it applied.
 * Two concurrent transitions of one subscription cannot both apply.
 */
export async function updateSubscriptionFrom(
  h: DbExecutor,
  tenantId: string,
  subscriptionId: string,
  expected: { status: SubscriptionStatus; periodEnd?: number | null },
  changes: Updateable<SubscriptionsTable>,
): Promise<boolean> {
  let query = h
    .updateTable("subscriptions")
    .set(changes)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", subscriptionId)
    .where("status", "=", expected.status);
  if (expected.periodEnd !== undefined) {
    query =
      expected.periodEnd === null
        ? query.where("current_period_end", "is", null)
        : query.where("current_period_end", "=", expected.periodEnd);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Mirrors the covering subscription's plan and status onto the rows it covers. */
export async function updateCoveredSubscriptions(
  h: DbExecutor,
  tenantId: string,
  subscriptionId: string,
  changes: Updateable<SubscriptionsTable>,
): Promise<void> {
  await h
    .updateTable("subscriptions")
    .set(changes)
    .where("tenant_id", "=", tenantId)
    .where("covered_by_subscription_id", "=", subscriptionId)
    .execute();
}

export async function insertSubscriptionEvent(
  h: DbExecutor,
  tenantId: string,
  row: Omit<SubscriptionEventRow, "tenant_id">,
): Promise<void> {
  await h
    .insertInto("subscription_events")
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

export function selectSubscriptionEvents(h: DbExecutor, tenantId: string, subscriptionId: string) {
  return h
    .selectFrom("subscription_events")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("subscription_id", "=", subscriptionId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Worker sweep across tenants: billing subscriptions whose period has ended, oldest first. */
export function selectSubscriptionsDueForRenewal(h: DbExecutor, now: number, limit: number) {
  return h
    .selectFrom("subscriptions")
    .selectAll()
    .where("covered_by_subscription_id", "is", null)
    .where("status", "in", ["subscribed", "suspended"])
    .where("current_period_end", "is not", null)
    .where("current_period_end", "<=", now)
    .orderBy("current_period_end")
    .limit(limit)
    .execute();
}

/** Analytics event row in Portico's events table, written inside the subscribe transaction. */
export async function insertAnalyticsEvent(
  h: DbExecutor,
  row: { id: string; tenant_id: string; type: string; user_id: string | null; payload: string; created_at: number },
): Promise<void> {
  await h
    .insertInto("events")
    .values({ ...row, session_id: null })
    .execute();
}

/** Billing counters of one subscription (every scope and quota period). */
export function selectBillingCountersOf(h: DbExecutor, tenantId: string, subscriptionId: string) {
  return h
    .selectFrom("billing_counters")
    .select(["scope", "period_start", "count"])
    .where("tenant_id", "=", tenantId)
    .where("subscription_id", "=", subscriptionId)
    .execute();
}

export function selectOverageBillingsOf(h: DbExecutor, tenantId: string, subscriptionId: string) {
  return h
    .selectFrom("overage_billings")
    .select(["scope", "period_start"])
    .where("tenant_id", "=", tenantId)
    .where("subscription_id", "=", subscriptionId)
    .execute();
}

/** Marks quota periods as invoiced; the primary key refuses a second billing of the same period. */
export async function insertOverageBillings(
  h: DbExecutor,
  tenantId: string,
  rows: ReadonlyArray<{
    subscription_id: string;
    scope: string;
    period_start: number;
    invoice_id: string | null;
    quantity: number;
    created_at: number;
  }>,
): Promise<void> {
  if (rows.length === 0) return;
  await h
    .insertInto("overage_billings")
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId })))
    .execute();
}

export function selectOpenInvoicesOfSubscription(h: DbExecutor, tenantId: string, subscriptionId: string) {
  return h
    .selectFrom("invoices")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("subscription_id", "=", subscriptionId)
    .where("status", "=", "open")
    .orderBy("created_at")
    .execute();
}

/** The renewal invoice of a subscription's period (found again when a renewal is rerun). */
export function selectInvoiceOfPeriod(h: DbExecutor, tenantId: string, subscriptionId: string, start: number) {
  return h
    .selectFrom("invoices")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("subscription_id", "=", subscriptionId)
    .where("period_start", "=", start)
    .where("status", "in", ["open", "paid", "uncollectible"])
    .orderBy("created_at")
    .executeTakeFirst();
}

/**
 * Credit still available to a subscription: what its invoices carried over (net credits of plan changes) minus what
 * credit lines have applied since.
 */
export async function sumCreditOf(h: DbExecutor, tenantId: string, subscriptionId: string): Promise<number> {
  const carried = await h
    .selectFrom("invoices")
    .select((eb) => eb.fn.sum<number | string | null>("carried_credit_minor").as("total"))
    .where("tenant_id", "=", tenantId)
    .where("subscription_id", "=", subscriptionId)
    .where("status", "in", ["open", "paid"])
    .executeTakeFirst();
  const applied = await h
    .selectFrom("invoice_lines")
    .select((eb) => eb.fn.sum<number | string | null>("amount_minor").as("total"))
    .where("tenant_id", "=", tenantId)
    .where("subscription_id", "=", subscriptionId)
    .where("kind", "=", "credit")
    .executeTakeFirst();
  return Math.max(0, Number(carried?.total ?? 0) + Number(applied?.total ?? 0));
}
