/*
 * Applies state-machine transitions (subscription-state.ts) to stored subscriptions: a conditional update from the
 * expected state, the same state and plan mirrored onto the apps an organization subscription covers, one
 * subscription_events row per changed row (actor, from, to, reason, time), and, after commit, the gateway told
 * within the same second (announceGatewayChange) so a suspended subscription's keys stop working at once.
 */
import type { Updateable } from "kysely";
import { newId } from "../../common/ids";
import type { Db, DbExecutor } from "../../db/connection";
import type { SubscriptionRow, SubscriptionsTable } from "../../db/tables/gateway.tables";
import { AppError } from "../errors/app-error";
import { notifySubscriptionTransition } from "../notifications/event-notifications";
import { announceGatewayChange } from "../plans/gateway-changes";
import { nextStatus, SUBSCRIPTION_RULES, type SubscriptionTransition } from "./subscription-state";
import {
  insertSubscriptionEvent,
  selectCoveredSubscriptions,
  selectSubscriptionIn,
  updateCoveredSubscriptions,
  updateSubscriptionFrom,
} from "./subscriptions.queries";
/** The user who acted, or the worker. */
export const SYSTEM_ACTOR = "system";

export interface TransitionInput {
  transition: SubscriptionTransition;
  actor: string;
  reason?: string | null;
  /** Plan, period, price … written with the status change. */
  changes?: Updateable<SubscriptionsTable>;
  /** Guards against a concurrent renewal: applies only while the period end is still this. */
  expectedPeriodEnd?: number | null;
  now: number;
}

/** Columns a covering (organization) subscription mirrors onto the rows it covers. */
const MIRRORED = [
  "plan_id",
  "current_period_start",
  "current_period_end",
  "price_minor",
  "currency",
  "cancel_at_period_end",
  "past_due_minor",
  "collection_method",
] as const;

export interface TransitionResult {
  row: SubscriptionRow;
  covered: SubscriptionRow[];
}

/** Inside the caller's transaction. CONFLICT when the row changed meanwhile (the caller may retry). */
export async function applyTransitionIn(
  h: DbExecutor,
  tenantId: string,
  row: SubscriptionRow,
  input: TransitionInput,
): Promise<TransitionResult> {
  const natural = nextStatus(row.status, input.transition);
  // Transitions that keep the state may still carry one given by the caller (add_team: the organization's state).
  const to = SUBSCRIPTION_RULES[input.transition].to === null && input.changes?.status ? input.changes.status : natural;
  const changes: Updateable<SubscriptionsTable> = { ...input.changes, status: to, updated_at: input.now };
  const applied = await updateSubscriptionFrom(
    h,
    tenantId,
    row.id,
    { status: row.status, ...(input.expectedPeriodEnd !== undefined ? { periodEnd: input.expectedPeriodEnd } : {}) },
    changes,
  );
  if (!applied) throw new AppError("CONFLICT", "The subscription changed meanwhile; reload it and try again.");
  const planId = (changes.plan_id as string | undefined) ?? row.plan_id;
  const eventId = newId("sev");
  await insertSubscriptionEvent(h, tenantId, {
    id: eventId,
    subscription_id: row.id,
    transition: input.transition,
    from_status: row.status,
    to_status: to,
    actor: input.actor,
    reason: input.reason ?? null,
    plan_id: planId,
    created_at: input.now,
  });
  const updated = await selectSubscriptionIn(h, tenantId, row.id);
  if (!updated) throw new AppError("INTERNAL", "The subscription vanished during a transition.");
  // Told in the same transaction as the change, keyed by its event row (decision 085); covered rows are the
  // organization's teams, told through the organization's own row.
  await notifySubscriptionTransition(
    h,
    tenantId,
    { eventId, transition: input.transition, subscription: updated, actor: input.actor, reason: input.reason ?? null },
    input.now,
  );

  const covered = row.covered_by_subscription_id ? [] : await selectCoveredSubscriptions(h, tenantId, row.id);
  if (covered.length > 0) {
    const mirror: Updateable<SubscriptionsTable> = { status: to, updated_at: input.now };
    for (const column of MIRRORED) (mirror as Record<string, unknown>)[column] = updated[column];
    await updateCoveredSubscriptions(h, tenantId, row.id, mirror);
    for (const c of covered) {
      if (c.status === to && c.plan_id === planId) continue;
      await insertSubscriptionEvent(h, tenantId, {
        id: newId("sev"),
        subscription_id: c.id,
        transition: input.transition,
        from_status: c.status,
        to_status: to,
        actor: input.actor,
        reason: `Organization subscription ${row.id}${input.reason ? `: ${input.reason}` : ""}`,
        plan_id: planId,
        created_at: input.now,
      });
    }
  }
  return { row: updated, covered };
}

/** In its own transaction, then announced to the gateway. */
export async function applyTransition(
  db: Db,
  tenantId: string,
  row: SubscriptionRow,
  input: TransitionInput,
): Promise<TransitionResult> {
  const result = await db.kysely.transaction().execute((trx) => applyTransitionIn(trx, tenantId, row, input));
  announceSubscriptionChange(result);
  return result;
}

/** Tells the gateway (this process and, through the bridge, others) about the row and every row it covers. */
export function announceSubscriptionChange(result: { row: SubscriptionRow; covered?: readonly SubscriptionRow[] }) {
  announceGatewayChange({ kind: "subscription", appId: result.row.app_id, apiId: result.row.api_id });
  for (const c of result.covered ?? [])
    announceGatewayChange({ kind: "subscription", appId: c.app_id, apiId: c.api_id });
}
