import { createApp, createAppKey } from "../../src/core/apps/apps.service";
import type { UsageRecord } from "../../src/core/metering/usage.types";
import { createPlan } from "../../src/core/plans/plans.service";
import type { CreatePlanInput, Plan } from "../../src/core/plans/plans.types";
import { subscribeToPlan } from "../../src/core/subscriptions/subscriptions.service";
import type { Db } from "../../src/db/connection";
import { createTestApi, type TestApi, type TestEndpoint } from "./apis";
import { createTestTenant } from "./tenants";
import { createTestUser } from "./users";
import { userContext } from "./viewers";

export interface GatewayFixture {
  tenantId: string;
  api: TestApi;
  plan: Plan;
  providerId: string;
  consumerId: string;
  appId: string;
  subscriptionId: string;
  key: string;
  keyId: string;
  /** "/{owner}/{slug}" */
  basePath: string;
}

/**
 * A tenant with a provider's API (upstream given), one free plan, and a consumer whose app is subscribed with a key:
 * everything a gateway call needs.
 */
export async function createGatewayFixture(
  db: Db,
  options: {
    upstreamUrl: string;
    plan?: Partial<CreatePlanInput>;
    endpoints?: TestEndpoint[];
    tenantId?: string;
  },
): Promise<GatewayFixture> {
  const tenantId = options.tenantId ?? (await createTestTenant(db)).id;
  const provider = await createTestUser(db, tenantId);
  const api = await createTestApi(db, tenantId, {
    owner_id: provider.id,
    upstream_url: options.upstreamUrl,
    endpoints: options.endpoints ?? [
      { method: "GET", path: "/items" },
      { method: "GET", path: "/items/{id}" },
      { method: "POST", path: "/items" },
    ],
  });
  const plan = await createPlan(await userContext(db, tenantId, provider.id), api.id, {
    name: "Free",
    ...options.plan,
  });
  const consumer = await createTestUser(db, tenantId);
  const app = await createApp(await userContext(db, tenantId, consumer.id), { name: "My app" });
  const issued = await createAppKey(await userContext(db, tenantId, consumer.id), app.id);
  const sub = await subscribeToPlan(await userContext(db, tenantId, consumer.id), plan.id, app.id);
  return {
    tenantId,
    api,
    plan,
    providerId: provider.id,
    consumerId: consumer.id,
    appId: app.id,
    subscriptionId: sub.id,
    key: issued.secret,
    keyId: issued.key.id,
    basePath: `/${api.ownerUsername}/${api.slug}`,
  };
}

/**
 * One answered call of the fixture's app to `GET /items`, as the gateway's metering records it (a 200, billable, 1 ms),
 * at `at`; `overrides` change any field.
 */
export function fixtureCall(f: GatewayFixture, at: number, overrides: Partial<UsageRecord> = {}): UsageRecord {
  return {
    tenantId: f.tenantId,
    apiId: f.api.id,
    endpoint: "GET /items",
    appId: f.appId,
    keyId: f.keyId,
    planId: f.plan.id,
    subscriptionId: f.subscriptionId,
    status: 200,
    reason: "ok",
    billable: true,
    latencyUs: 1_000,
    bytesIn: 0,
    bytesOut: 0,
    at,
    ...overrides,
  };
}
