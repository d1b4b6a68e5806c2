import type { AppKeyStatus } from "../../../core/apps/apps.types";
import type { SubscriptionStatus } from "../../../db/tables/gateway.tables";

/* What the My Apps page ships to the browser (and what its actions answer); shared by the route and components. */

export interface DashboardKey {
  id: string;
  name: string;
  prefix: string;
  status: AppKeyStatus;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
}

export interface DashboardSubscription {
  id: string;
  status: SubscriptionStatus;
  planName: string | null;
  apiName: string;
  /** "/{owner}/api/{slug}" (the API page), null when the API is gone. */
  apiPath: string | null;
  /** "/{owner}/{slug}": the gateway path prefix of the API. */
  gatewayPath: string | null;
  updatedAt: number;
  /** A plan change waiting for the provider, or the last one rejected while the plan is unchanged (decision 049). */
  planRequest: { status: "pending" | "rejected"; planName: string | null } | null;
}

export interface DashboardUsage {
  calls: number;
  errors: number;
  rejected: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  series: Array<{ minute: number; calls: number; errors: number }>;
  fromMinute: number;
  toMinute: number;
}

export interface DashboardApp {
  id: string;
  name: string;
  description: string | null;
  createdAt: number;
  keys: DashboardKey[];
  subscriptions: DashboardSubscription[];
  usage: DashboardUsage;
}

export interface DashboardData {
  /** The context the apps belong to (personal when the requested one is not the viewer's). */
  context: { id: string; type: "User" | "Organization" | "Team"; name: string; parentName: string | null };
  apps: DashboardApp[];
  gateway: { baseUrl: string; keyHeader: string; tenantHeader: string; tenantId: string; tenantHeaderNeeded: boolean };
}

export type DashboardIntent =
  | "create-app"
  | "rename-app"
  | "delete-app"
  | "create-key"
  | "rotate-key"
  | "revoke-key"
  | "unsubscribe";

/** A route action's answer: ok (with the full key once for create/rotate), or the refusal to show. */
export type DashboardActionResult =
  | { ok: true; intent: DashboardIntent; appId?: string; secret?: string; rotated?: boolean }
  | {
      ok: false;
      intent: DashboardIntent | undefined;
      appId?: string;
      code: string;
      message: string;
      fields: Record<string, string>;
    };
