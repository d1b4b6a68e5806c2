import type { Db } from "../../db/connection";
import type { GatewayMode } from "../../db/tables/gateway.tables";

/** The gateway's view of an API, found by its public address /{owner}/{slug}. */
export async function selectGatewayApi(db: Db, tenantId: string, ownerUsername: string, slug: string) {
  return db.kysely
    .selectFrom("apis")
    .innerJoin("users", "users.id", "apis.owner_id")
    .leftJoin("api_gateway_settings", "api_gateway_settings.api_id", "apis.id")
    .select([
      "apis.id as apiId",
      "apis.name as name",
      "apis.upstream_url as upstreamUrl",
      "apis.current_version_id as versionId",
      "api_gateway_settings.mode as mode",
    ])
    .where("apis.tenant_id", "=", tenantId)
    .where("users.tenant_id", "=", tenantId)
    .where("users.username", "=", ownerUsername)
    .where("apis.slug", "=", slug)
    .executeTakeFirst();
}

export async function selectEndpointsOfVersion(db: Db, tenantId: string, versionId: string) {
  return (
    db.kysely
      .selectFrom("api_endpoints")
      .select(["method", "path", "responses_json"])
      .where("tenant_id", "=", tenantId)
      .where("version_id", "=", versionId)
      // Webhooks are documented, never called through the gateway.
      .where("kind", "=", "operation")
      .orderBy("position")
      .execute()
  );
}

export async function selectNormalizedDoc(db: Db, tenantId: string, versionId: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom("api_versions")
    .select("normalized_doc")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", versionId)
    .executeTakeFirst();
  return row?.normalized_doc ?? null;
}

export async function upsertGatewayMode(db: Db, tenantId: string, apiId: string, mode: GatewayMode): Promise<void> {
  const now = Date.now();
  await db.kysely
    .insertInto("api_gateway_settings")
    .values({ api_id: apiId, tenant_id: tenantId, mode, updated_at: now })
    .onConflict((oc) => oc.column("api_id").doUpdateSet({ mode, updated_at: now }))
    .execute();
}

export async function selectGatewayMode(db: Db, tenantId: string, apiId: string): Promise<GatewayMode> {
  const row = await db.kysely
    .selectFrom("api_gateway_settings")
    .select("mode")
    .where("tenant_id", "=", tenantId)
    .where("api_id", "=", apiId)
    .executeTakeFirst();
  return row?.mode ?? "proxy";
}

export async function updateUpstreamUrl(db: Db, tenantId: string, apiId: string, url: string | null): Promise<void> {
  await db.kysely
    .updateTable("apis")
    .set({ upstream_url: url, updated_at: Date.now() })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", apiId)
    .execute();
}
