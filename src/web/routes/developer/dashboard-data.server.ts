import type { AppLoadContext } from "react-router";
import { DEFAULT_TENANT_ID } from "../../../common/tenant-config";
import type { Viewer } from "../../../core/accounts/accounts.types";
import { listAppKeys, listApps } from "../../../core/apps/apps.service";
import { appContextOf } from "../../../core/apps/context-apps.service";
import { apiRefLookup } from "../../../core/catalog/api-refs";
import { summarizeAppUsage } from "../../../core/metering/metering.service";
import { buildUserContexts, type ContextEntry } from "../../../core/orgs/contexts";
import { getPlan } from "../../../core/plans/plans.service";
import { listSubscriptionsOfApp } from "../../../core/subscriptions/subscriptions.service";
import { gatewayPublicBase } from "../../lib/try-it-gateway.server";
import type { DashboardApp, DashboardData } from "./dashboard-types";

/** The usage window of the dashboard: the last hour, per minute. */
export const USAGE_WINDOW_MINUTES = 60;
const MINUTE_MS = 60_000;

/** The viewer's context with this id (or entityId); the personal one when the id is missing or not theirs. */
export async function resolveDashboardContext(
  context: AppLoadContext,
  viewer: Viewer,
  contextId: string | null,
): Promise<ContextEntry> {
  const contexts = await buildUserContexts(context.db, context.tenant.id, viewer);
  const match = contextId ? contexts.all.find((c) => c.id === contextId || c.entityId === contextId) : undefined;
  return match ?? contexts.self;
}

/** "My Apps" for the viewer in one context: each app with its keys, live subscriptions and last hour of usage. */
export async function loadDashboard(
  context: AppLoadContext,
  viewer: Viewer,
  entry: ContextEntry,
  now = Date.now(),
): Promise<DashboardData> {
  const { db, tenant } = context;
  const apps = await listApps({ db, tenantId: tenant.id, viewer }, appContextOf(entry));
  const lookupApi = apiRefLookup(db, tenant.id);
  const toMinute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const fromMinute = toMinute - (USAGE_WINDOW_MINUTES - 1) * MINUTE_MS;
  const loaded = await Promise.all(
    apps.map(async (app): Promise<DashboardApp> => {
      const [keys, subscriptions, usage] = await Promise.all([
        listAppKeys({ db, tenantId: tenant.id, viewer }, app.id),
        listSubscriptionsOfApp({ db, tenantId: tenant.id, viewer }, app.id),
        summarizeAppUsage({ db, tenantId: tenant.id, viewer }, app.id, { from: fromMinute, to: toMinute + MINUTE_MS }),
      ]);
      const live = subscriptions.filter((s) => s.status !== "unsubscribed");
      return {
        id: app.id,
        name: app.name,
        description: app.description,
        createdAt: app.createdAt,
        keys: keys.map((k) => ({
          id: k.id,
          name: k.name,
          prefix: k.prefix,
          status: k.status,
          createdAt: k.createdAt,
          expiresAt: k.expiresAt,
          revokedAt: k.revokedAt,
        })),
        subscriptions: await Promise.all(
          live.map(async (s) => {
            const [plan, api, asked] = await Promise.all([
              getPlan(db, tenant.id, s.planId),
              lookupApi(s.apiId),
              s.planRequest ? getPlan(db, tenant.id, s.planRequest.planId) : null,
            ]);
            const planRequest = s.planRequest ? { status: s.planRequest.status, planName: asked?.name ?? null } : null;
            return {
              id: s.id,
              status: s.status,
              planName: plan?.name ?? null,
              updatedAt: s.updatedAt,
              planRequest,
              ...api,
            };
          }),
        ),
        usage: {
          calls: usage.calls,
          errors: usage.errors4xx + usage.errors5xx,
          rejected: usage.rejected,
          p50Ms: usage.p50Us === null ? null : usage.p50Us / 1000,
          p95Ms: usage.p95Us === null ? null : usage.p95Us / 1000,
          p99Ms: usage.p99Us === null ? null : usage.p99Us / 1000,
          series: usage.series.map((p) => ({ minute: p.minute, calls: p.calls, errors: p.errors })),
          fromMinute,
          toMinute,
        },
      };
    }),
  );
  return {
    context: { id: entry.id, type: entry.type, name: entry.name, parentName: entry.parentName },
    apps: loaded,
    gateway: {
      baseUrl: gatewayPublicBase(context.config),
      keyHeader: "X-Api-Key",
      tenantHeader: "x-tenant-id",
      tenantId: tenant.id,
      tenantHeaderNeeded: tenant.id !== DEFAULT_TENANT_ID,
    },
  };
}
