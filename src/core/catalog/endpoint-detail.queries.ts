import type { Db } from "../../db/connection";
import { visibleApis } from "./api-read-model";

/*
 * SQL for one operation of an API (Endpoints tab detail, try-it). Tenant-scoped like every catalog query; the API
 * must be visible to the caller (api-read-model.ts visibleApis).
 */

/** One endpoint row of a visible API named by owner and slug, with what a call to it needs. */
export async function selectVisibleEndpoint(
  db: Db,
  tenantId: string,
  ref: { ownerUsername: string; slug: string },
  endpointId: string,
  privateIds: readonly string[],
) {
  return db.kysely
    .selectFrom("api_endpoints as e")
    .innerJoin("apis as a", (j) => j.onRef("a.id", "=", "e.api_id").onRef("a.tenant_id", "=", "e.tenant_id"))
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "a.owner_id").onRef("u.tenant_id", "=", "a.tenant_id"))
    .where("e.tenant_id", "=", tenantId)
    .where("e.id", "=", endpointId)
    .where("u.username", "=", ref.ownerUsername)
    .where("a.slug", "=", ref.slug)
    .where(visibleApis("a", privateIds))
    .select([
      "e.id",
      "e.api_id",
      "e.version_id",
      "e.method",
      "e.path",
      "e.operation_id",
      "e.summary",
      "e.description",
      "e.tags_json",
      "e.parameters_json",
      "e.request_body_json",
      "e.responses_json",
      "e.security_json",
      "e.kind",
      "a.auth_type",
      "a.slug as api_slug",
      "u.username as owner_username",
    ])
    .executeTakeFirst();
}

export type VisibleEndpointRow = NonNullable<Awaited<ReturnType<typeof selectVisibleEndpoint>>>;

/** The stored normalized OpenAPI document of a version (JSON text), or null. */
export async function selectNormalizedDocument(db: Db, tenantId: string, versionId: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom("api_versions")
    .select("normalized_doc")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", versionId)
    .executeTakeFirst();
  return row?.normalized_doc ?? null;
}
