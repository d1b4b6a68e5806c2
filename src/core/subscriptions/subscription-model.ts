/*
 * The subscription view model and the checks every way of subscribing shares (who may subscribe which app to which
 * plan). Kept apart from the services so the free, paid and organization paths import it without cycles.
 */
import type { Db } from "../../db/connection";
import type { AppRow, SubscriptionRow, SubscriptionStatus } from "../../db/tables/gateway.tables";
import { requireManageableApp } from "../apps/apps.policy";
import { AppError } from "../errors/app-error";
import { getPlan } from "../plans/plans.service";
import type { Plan } from "../plans/plans.types";
import { selectApiForSubscription } from "./subscriptions.queries";

/** A change to a plan that needs approval (decision 049): waiting, or rejected while the old plan is kept. */
export interface PlanRequestView {
  id: string;
  planId: string;
  fromPlanId: string;
  status: "pending" | "rejected";
  /** What approving would charge, as quoted when the consumer asked (minor units). */
  quotedMinor: number;
  currency: string;
  requestedAt: number;
  decidedAt: number | null;
}

export interface Subscription {
  id: string;
  tenantId: string;
  appId: string;
  apiId: string;
  planId: string;
  status: SubscriptionStatus;
  organizationId: string | null;
  teamId: string | null;
  /** Set when an organization subscription covers this app (decision 042). */
  coveredBySubscriptionId: string | null;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  /** Price per period, integer minor units (0: free). */
  priceMinor: number;
  currency: string | null;
  cancelAtPeriodEnd: boolean;
  pastDueMinor: number;
  collectionMethod: "charge_card" | "send_invoice" | null;
  createdAt: number;
  updatedAt: number;
  /** Filled by the services that list or change subscriptions (plan-change-requests.ts); null from a bare row. */
  planRequest: PlanRequestView | null;
}

const numOrNull = (v: number | null): number | null => (v === null ? null : Number(v));

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    appId: row.app_id,
    apiId: row.api_id,
    planId: row.plan_id,
    status: row.status,
    organizationId: row.organization_id,
    teamId: row.team_id,
    coveredBySubscriptionId: row.covered_by_subscription_id ?? null,
    currentPeriodStart: numOrNull(row.current_period_start ?? null),
    currentPeriodEnd: numOrNull(row.current_period_end ?? null),
    priceMinor: Number(row.price_minor ?? 0),
    currency: row.currency ?? null,
    cancelAtPeriodEnd: Number(row.cancel_at_period_end ?? 0) === 1,
    pastDueMinor: Number(row.past_due_minor ?? 0),
    collectionMethod: row.collection_method ?? null,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    planRequest: null,
  };
}

export interface Subscribable {
  app: AppRow;
  plan: Plan;
  apiName: string;
}

/** The app the viewer manages, the plan, and the API's visibility rules; throws the user-facing refusal. */
export async function loadSubscribable(
  db: Db,
  tenantId: string,
  viewerId: string,
  planId: string,
  appId: string,
): Promise<Subscribable> {
  const app = await requireManageableApp(db, tenantId, viewerId, appId);
  const plan = await getPlan(db, tenantId, planId);
  if (!plan) throw new AppError("NOT_FOUND", "Plan not found");
  const api = await selectApiForSubscription(db, tenantId, plan.apiId);
  if (!api) throw new AppError("NOT_FOUND", "API not found");
  const isProvider = api.owner_id === viewerId;
  if (api.visibility !== "PUBLIC" && !isProvider) throw new AppError("NOT_FOUND", "API not found");
  if (plan.private && !isProvider) throw new AppError("FORBIDDEN", "This plan is private");
  if (plan.deprecated) throw new AppError("CONFLICT", "This plan is deprecated and takes no new subscribers");
  return { app, plan, apiName: api.name };
}

/** One billing period after `start`: the same UTC day of the next month (clamped to the month's last day). */
export function addBillingPeriod(start: number): number {
  const d = new Date(start);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}
