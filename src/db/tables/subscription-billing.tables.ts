import type { Selectable } from "kysely";
import type { BillingTables } from "./billing.tables";
import type { EventsTable } from "./events.tables";
import type { GatewayTables, SubscriptionStatus } from "./gateway.tables";
/* Tables of migration 041-subscription-billing (the subscription columns are typed in plans/gateway.tables.ts). */

export interface SubscriptionEventsTable {
  id: string;
  tenant_id: string;
  subscription_id: string;
  /** The state machine's transition name (subscription-state.ts). */
  transition: string;
  from_status: SubscriptionStatus;
  to_status: SubscriptionStatus;
  /** A user id, or "system" (billing runs). */
  actor: string;
  reason: string | null;
  plan_id: string | null;
  created_at: number;
}

export interface OverageBillingsTable {
  tenant_id: string;
  subscription_id: string;
  /** "plan" or a plan object id, as in billing_counters. */
  scope: string;
  /** The quota period's start, as in billing_counters. */
  period_start: number;
  invoice_id: string | null;
  quantity: number;
  created_at: number;
}

/** Migration 042: one money-moving request at a time per (app, API) (payment-lock.ts). */
export interface SubscriptionPaymentLocksTable {
  tenant_id: string;
  app_id: string;
  api_id: string;
  holder: string;
  locked_at: number;
}

export type PlanChangeRequestStatus = "pending" | "approved" | "rejected" | "withdrawn";

/** Migration 043: a change of an active subscription to a plan that needs approval (decision 049). */
export interface PlanChangeRequestsTable {
  id: string;
  tenant_id: string;
  subscription_id: string;
  /** The plan the subscription was on when the consumer asked (it stays on it while the request waits). */
  from_plan_id: string;
  /** The plan asked for. */
  plan_id: string;
  status: PlanChangeRequestStatus;
  requested_by: string;
  /** What approving would have charged at the time of the request, minor units (what the modal showed). */
  quoted_minor: number;
  currency: string;
  /** A card given with the request; null: the subscription's stored card is charged on approval. */
  payment_method_token: string | null;
  /** The first approval attempt's instant: the proration is computed at it, so every retry charges the same. */
  approving_at: number | null;
  requested_at: number;
  decided_by: string | null;
  decided_at: number | null;
}

export type SubscriptionBillingTables = GatewayTables &
  BillingTables & {
    subscription_events: SubscriptionEventsTable;
    overage_billings: OverageBillingsTable;
    subscription_payment_locks: SubscriptionPaymentLocksTable;
    plan_change_requests: PlanChangeRequestsTable;
    events: EventsTable;
  };

export type SubscriptionEventRow = Selectable<SubscriptionEventsTable>;
export type PlanChangeRequestRow = Selectable<PlanChangeRequestsTable>;
