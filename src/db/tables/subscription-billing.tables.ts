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

export type SubscriptionBillingTables = GatewayTables &
  BillingTables & {
    subscription_events: SubscriptionEventsTable;
    overage_billings: OverageBillingsTable;
    subscription_payment_locks: SubscriptionPaymentLocksTable;
    events: EventsTable;
  };

export type SubscriptionEventRow = Selectable<SubscriptionEventsTable>;
