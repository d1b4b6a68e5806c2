import type { Db, DbExecutor } from "../../db/connection";

/** The operations of a version, in spec order, with what a tool is made of. */
export function selectToolSources(db: Db, tenantId: string, versionId: string) {
  return db.kysely
    .selectFrom("api_endpoints")
    .select([
      "method",
      "path",
      "operation_id as operationId",
      "summary",
      "description",
      "parameters_json as parametersJson",
      "request_body_json as requestBodyJson",
    ])
    .where("tenant_id", "=", tenantId)
    .where("version_id", "=", versionId)
    .orderBy("position")
    .execute();
}

export function selectToolSettings(db: Db, tenantId: string, apiId: string) {
  return db.kysely
    .selectFrom("mcp_tool_settings")
    .select(["endpoint", "hidden", "description"])
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .execute();
}

export async function upsertToolSetting(
  h: DbExecutor,
  tenantId: string,
  row: { apiId: string; endpoint: string; hidden: boolean; description: string | null; userId: string },
): Promise<void> {
  const now = Date.now();
  const values = { hidden: row.hidden ? (1 as const) : (0 as const), description: row.description };
  await h
    .insertInto("mcp_tool_settings")
    .values({
      tenant_id: tenantId,
      api_id: row.apiId,
      endpoint: row.endpoint,
      ...values,
      updated_by: row.userId,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(["tenant_id", "api_id", "endpoint"])
        .doUpdateSet({ ...values, updated_by: row.userId, updated_at: now }),
    )
    .execute();
}

export function deleteToolSetting(h: DbExecutor, tenantId: string, apiId: string, endpoint: string) {
  return h
    .deleteFrom("mcp_tool_settings")
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .where("endpoint", "=", endpoint)
    .execute();
}

/** The API's current version id, or null (no spec imported). */
export async function selectCurrentVersionId(db: Db, tenantId: string, apiId: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom("apis")
    .select("current_version_id")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .executeTakeFirst();
  return row?.current_version_id ?? null;
}

/** The APIs an app holds a subscription row to (any status: the gateway's rule decides which may be called). */
export function selectAppSubscribedApis(db: Db, tenantId: string, appId: string) {
  return db.kysely
    .selectFrom("subscriptions")
    .innerJoin("apis", "apis.id", "subscriptions.api_id")
    .innerJoin("users", "users.id", "apis.owner_id")
    .select(["apis.id as apiId", "apis.slug as slug", "users.username as owner", "apis.name as name"])
    .where("subscriptions.tenant_id", "=", tenantId)
    .where("apis.tenant_id", "=", tenantId)
    .where("subscriptions.app_id", "=", appId)
    .orderBy("apis.name")
    .execute();
}
