import type { Selectable } from "kysely";
import type { Flag } from "../schema";

/* Tables of migration 030-gateway (plans, apps and keys, subscriptions, billing counters, metering), part of the one
 * Database type in src/db/schema.ts. */

export type RateLimitUnit = "second" | "minute" | "hour" | "day" | "month" | "year";
export type QuotaPeriod = "day" | "month" | "year";
export type SubscriptionStatus = "unsubscribed" | "subscribed" | "pending_approval" | "access_rejected" | "suspended";
export type GatewayMode = "proxy" | "mock";

export interface PlansTable {
  id: string;
  tenant_id: string;
  api_id: string;
  name: string;
  position: number;
  recommended: Flag;
  private: Flag;
  deprecated: Flag;
  /** Subscribing puts the subscription in pending_approval until the provider approves it. */
  approval_required: Flag;
  /** 1: calls beyond the quota are refused (429); 0: they pass and are charged as overage. */
  hard_limit: Flag;
  /** Charge per request above the quota, in millionths of the currency unit (per-request prices are sub-cent). */
  overage_price_micros: number;
  /** null: no rate limit. */
  rate_limit_count: number | null;
  rate_limit_unit: RateLimitUnit | null;
  /** null: unlimited. */
  quota: number | null;
  quota_period: QuotaPeriod;
  /** JSON array of strings. */
  features_json: string;
  /** Integer minor units; 0 is a free plan. */
  monthly_price_cents: number;
  currency: string;
  created_at: number;
  updated_at: number;
}

export interface PlanObjectsTable {
  id: string;
  tenant_id: string;
  plan_id: string;
  name: string;
  position: number;
  quota: number;
  quota_period: QuotaPeriod;
  hard_limit: Flag;
  overage_price_micros: number;
  /** JSON array of "METHOD /path" endpoint templates. */
  endpoints_json: string;
}

export interface AppsTable {
  id: string;
  tenant_id: string;
  owner_user_id: string;
  organization_id: string | null;
  team_id: string | null;
  name: string;
  description: string | null;
  created_at: number;
  updated_at: number;
}

export interface AppKeysTable {
  id: string;
  tenant_id: string;
  app_id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  created_at: number;
  /** Set when the key is rotated: it keeps working until then (the overlap window). */
  expires_at: number | null;
  revoked_at: number | null;
  replaced_by: string | null;
}

export interface SubscriptionsTable {
  id: string;
  tenant_id: string;
  app_id: string;
  api_id: string;
  plan_id: string;
  status: SubscriptionStatus;
  owner_user_id: string;
  organization_id: string | null;
  team_id: string | null;
  created_at: number;
  updated_at: number;
  /* Billing columns (migration 041-subscription-billing, decision 042). */
  /** Set when an organization subscription covers this app: status and plan mirror it; calls count on it. */
  covered_by_subscription_id: string | null;
  current_period_start: number | null;
  current_period_end: number | null;
  /** Price snapshot per period, integer minor units (0 for free plans). */
  price_minor: number;
  currency: string | null;
  cancel_at_period_end: Flag;
  /** Unpaid renewal balance, minor units; paying it reactivates a suspended subscription. */
  past_due_minor: number;
  payment_method_token: string | null;
  collection_method: "charge_card" | "send_invoice" | null;
}

export interface ApiGatewaySettingsTable {
  api_id: string;
  tenant_id: string;
  mode: GatewayMode;
  updated_at: number;
  /** Migration 101: the provider's health path, probed instead of the base URL (decision 101). */
  health_path: string | null;
}

/** Migration 101: one health probe of an API (kept two days). */
export interface ApiHealthProbesTable {
  tenant_id: string;
  api_id: string;
  probed_at: number;
  up: number;
  latency_ms: number | null;
  status_code: number | null;
  reason: string | null;
}

/** Migration 101: the probes of one API folded per UTC day (kept thirty days). */
export interface ApiHealthDaysTable {
  tenant_id: string;
  api_id: string;
  day: number;
  probes: number;
  up: number;
}

export interface BillingCountersTable {
  tenant_id: string;
  subscription_id: string;
  /** "plan" or a plan object id. */
  scope: string;
  period_start: number;
  count: number;
  updated_at: number;
}

export interface UsageRollupsTable {
  tenant_id: string;
  api_id: string;
  /** "METHOD /template", or "" when the call matched no documented endpoint. */
  endpoint: string;
  /** "" for calls without an app (rejected before authentication). */
  app_id: string;
  minute: number;
  calls: number;
  billable: number;
  rejected: number;
  errors_4xx: number;
  errors_5xx: number;
  bytes_in: number;
  bytes_out: number;
  latency_sum_us: number;
  lat_b00: number;
  lat_b01: number;
  lat_b02: number;
  lat_b03: number;
  lat_b04: number;
  lat_b05: number;
  lat_b06: number;
  lat_b07: number;
  lat_b08: number;
  lat_b09: number;
  lat_b10: number;
  lat_b11: number;
  lat_b12: number;
  lat_b13: number;
}

export type GatewayTables = {
  plans: PlansTable;
  plan_objects: PlanObjectsTable;
  apps: AppsTable;
  app_keys: AppKeysTable;
  subscriptions: SubscriptionsTable;
  api_gateway_settings: ApiGatewaySettingsTable;
  api_health_probes: ApiHealthProbesTable;
  api_health_days: ApiHealthDaysTable;
  billing_counters: BillingCountersTable;
  usage_rollups: UsageRollupsTable;
};

export type PlanRow = Selectable<PlansTable>;
export type PlanObjectRow = Selectable<PlanObjectsTable>;
export type AppRow = Selectable<AppsTable>;
export type AppKeyRow = Selectable<AppKeysTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type UsageRollupRow = Selectable<UsageRollupsTable>;
