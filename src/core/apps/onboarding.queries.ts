import type { DbExecutor } from "../../db/connection";

/* The facts behind My Apps' first-call checklist (issue 18), each read from the rows the real actions write. */

/** Subscriptions of these apps by status (any status counts as an API found; "subscribed" as subscribed). */
export function selectSubscriptionStatuses(h: DbExecutor, tenantId: string, appIds: readonly string[]) {
  return h
    .selectFrom("subscriptions")
    .select("status")
    .where("tenant_id", "=", tenantId)
    .where("app_id", "in", appIds)
    .execute();
}

/** Whether the user saved at least one API (the other way of having found one). */
export async function hasSavedApi(h: DbExecutor, tenantId: string, userId: string): Promise<boolean> {
  const row = await h
    .selectFrom("saved_apis")
    .select("api_id")
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("status", "=", 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the request log holds a call of one of these apps: its series row is written with the first call. */
export async function hasLoggedCall(h: DbExecutor, tenantId: string, appIds: readonly string[]): Promise<boolean> {
  const row = await h
    .selectFrom("usage_series")
    .innerJoin("usage_records", "usage_records.series_id", "usage_series.id")
    .select("usage_series.id")
    .where("usage_series.tenant_id", "=", tenantId)
    .where("usage_series.app_id", "in", appIds)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the analytics rollups (what the analytics pages read) count a call of one of these apps. */
export async function hasRolledUpCall(h: DbExecutor, tenantId: string, appIds: readonly string[]): Promise<boolean> {
  const row = await h
    .selectFrom("usage_rollups")
    .select("app_id")
    .where("tenant_id", "=", tenantId)
    .where("app_id", "in", appIds)
    .where("calls", ">", 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A public API anyone can call for free at once: a free, public, current plan without approval, a GET operation
 * without path parameters in its current version, and something to answer (mock mode, or an upstream). APIs in mock
 * mode first (they answer whatever the upstream's state), then the most followed.
 */
export function selectFreeDemoCandidates(h: DbExecutor, tenantId: string, limit: number) {
  return h
    .selectFrom("apis")
    .innerJoin("plans", (j) => j.onRef("plans.api_id", "=", "apis.id").onRef("plans.tenant_id", "=", "apis.tenant_id"))
    .innerJoin("api_endpoints", (j) =>
      j
        .onRef("api_endpoints.version_id", "=", "apis.current_version_id")
        .onRef("api_endpoints.tenant_id", "=", "apis.tenant_id"),
    )
    .leftJoin("api_gateway_settings", (j) =>
      j
        .onRef("api_gateway_settings.api_id", "=", "apis.id")
        .onRef("api_gateway_settings.tenant_id", "=", "apis.tenant_id"),
    )
    .select(["apis.id as apiId", "api_gateway_settings.mode as mode", "api_endpoints.path as path"])
    .where("apis.tenant_id", "=", tenantId)
    .where("apis.visibility", "=", "PUBLIC")
    .where("plans.monthly_price_cents", "=", 0)
    .where("plans.private", "=", 0)
    .where("plans.deprecated", "=", 0)
    .where("plans.approval_required", "=", 0)
    .where("api_endpoints.method", "=", "GET")
    .where("api_endpoints.path", "not like", "%{%")
    .where((eb) => eb.or([eb("api_gateway_settings.mode", "=", "mock"), eb("apis.upstream_url", "is not", null)]))
    .orderBy((eb) => eb.case().when("api_gateway_settings.mode", "=", "mock").then(0).else(1).end())
    .orderBy("apis.followers_count", "desc")
    .orderBy("apis.id")
    .orderBy("api_endpoints.path")
    .limit(limit)
    .execute();
}
