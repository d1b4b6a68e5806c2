/*
 * SQL of plan change requests (migration 043, decision 049). Every status change is conditional on the status it
 * leaves, so two decisions of one request cannot both apply.
 */
import type { Updateable } from "kysely";
import type { DbExecutor } from "../../db/connection";
import type { PlanChangeRequestStatus, PlanChangeRequestsTable } from "../../db/tables/subscription-billing.tables";
export function selectPendingPlanRequest(h: DbExecutor, tenantId: string, subscriptionId: string) {
  return h
    .selectFrom("plan_change_requests")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("subscription_id", "=", subscriptionId)
    .where("status", "=", "pending")
    .executeTakeFirst();
}

export function selectPlanRequest(h: DbExecutor, tenantId: string, requestId: string) {
  return h
    .selectFrom("plan_change_requests")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", requestId)
    .executeTakeFirst();
}

/**
 * The request of each subscription given that tells its story: the waiting one, else the newest decided (ties of the
 * same instant broken by the later decision).
 */
export async function selectLatestPlanRequests(h: DbExecutor, tenantId: string, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return [];
  const rows = await h
    .selectFrom("plan_change_requests")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("subscription_id", "in", subscriptionIds)
    .execute();
  const rank = (r: (typeof rows)[number]) => [
    r.status === "pending" ? 1 : 0,
    Number(r.requested_at),
    Number(r.decided_at ?? 0),
  ];
  const best = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const held = best.get(row.subscription_id);
    if (!held || compareRanks(rank(row), rank(held)) > 0) best.set(row.subscription_id, row);
  }
  return [...best.values()];
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

export async function insertPlanRequest(h: DbExecutor, row: PlanChangeRequestsTable): Promise<void> {
  await h.insertInto("plan_change_requests").values(row).execute();
}

/** Moves a request on from `from`; true when this call did it. */
export async function updatePlanRequestFrom(
  h: DbExecutor,
  tenantId: string,
  requestId: string,
  from: PlanChangeRequestStatus,
  changes: Updateable<PlanChangeRequestsTable>,
): Promise<boolean> {
  const result = await h
    .updateTable("plan_change_requests")
    .set(changes)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", requestId)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes whatever request of the subscription still waits (the consumer changed plan or left meanwhile). */
export async function withdrawPendingPlanRequests(
  h: DbExecutor,
  tenantId: string,
  subscriptionId: string,
  at: number,
): Promise<void> {
  await h
    .updateTable("plan_change_requests")
    .set({ status: "withdrawn", decided_at: at })
    .where("tenant_id", "=", tenantId)
    .where("subscription_id", "=", subscriptionId)
    .where("status", "=", "pending")
    .execute();
}
