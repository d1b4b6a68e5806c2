import type { Insertable } from "kysely";
import { newId } from "../../src/common/ids";
import type { Db } from "../../src/db/connection";
import type { ApiRow, ApisTable } from "../../src/db/schema";
import { nextSeq } from "./sequence";
import { createTestUser } from "./users";

export interface TestEndpoint {
  method?: string;
  path?: string;
  operationId?: string | null;
  summary?: string | null;
  description?: string | null;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required: boolean; description: string | null; schema: unknown }>;
}

export interface TestApiOptions extends Partial<Omit<Insertable<ApisTable>, "tenant_id">> {
  /** When given, a version row is created with these endpoints and becomes the current version. */
  endpoints?: TestEndpoint[];
  version?: string;
}

export interface TestApi extends ApiRow {
  ownerUsername: string;
  /** The current version's id, when endpoints were given. */
  versionId: string | null;
}

/** Inserts an API (and a demo owner unless ownerId is given), optionally with a current version and endpoints. */
export async function createTestApi(db: Db, tenantId: string, options: TestApiOptions = {}): Promise<TestApi> {
  const n = nextSeq();
  const { endpoints, version, ...overrides } = options;
  let ownerUsername: string;
  if (overrides.owner_id) {
    const owner = await db.kysely
      .selectFrom("users")
      .select("username")
      .where("id", "=", overrides.owner_id)
      .executeTakeFirstOrThrow();
    ownerUsername = owner.username;
  } else {
    const owner = await createTestUser(db, tenantId);
    overrides.owner_id = owner.id;
    ownerUsername = owner.username;
  }
  const now = Date.now();
  const row: ApiRow = {
    id: newId("api"),
    owner_id: overrides.owner_id,
    name: `API ${n}`,
    slug: `api-${n}`,
    short_description: `Short description ${n}`,
    thumbnail: null,
    visibility: "PUBLIC",
    category_id: null,
    pricing_type: "FREE",
    provider_name: null,
    website: null,
    terms_of_use: null,
    readme: "",
    features_json: "[]",
    resources_json: "[]",
    auth_type: null,
    cors: null,
    followers_count: 0,
    rating_avg: 0,
    rating_votes: 0,
    rating_is_demo: 0,
    rating_distribution: null,
    health_check: null,
    popularity: 0,
    latency_ms: null,
    service_level: null,
    is_demo_data: 0,
    upstream_url: null,
    current_version_id: null,
    created_at: now,
    updated_at: now,
    ...overrides,
    tenant_id: tenantId,
  };
  const versionId = endpoints ? newId("ver") : null;
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto("apis").values(row).execute();
    if (!versionId || !endpoints) return;
    await trx
      .insertInto("api_versions")
      .values({
        id: versionId,
        tenant_id: tenantId,
        api_id: row.id,
        version: version ?? "1.0.0",
        source_format: "openapi-3.0.3",
        original_doc: "{}",
        normalized_doc: "{}",
        endpoints_count: endpoints.length,
        created_at: now,
      })
      .execute();
    if (endpoints.length > 0) {
      await trx
        .insertInto("api_endpoints")
        .values(
          endpoints.map((e, position) => ({
            id: newId("end"),
            tenant_id: tenantId,
            api_id: row.id,
            version_id: versionId,
            method: e.method ?? "GET",
            path: e.path ?? `/items/${position}`,
            operation_id: e.operationId ?? null,
            summary: e.summary ?? null,
            description: e.description ?? null,
            tags_json: JSON.stringify(e.tags ?? []),
            parameters_json: JSON.stringify(e.parameters ?? []),
            request_body_json: null,
            responses_json: "{}",
            security_json: null,
            position,
          })),
        )
        .execute();
    }
    await trx.updateTable("apis").set({ current_version_id: versionId }).where("id", "=", row.id).execute();
  });
  return { ...row, current_version_id: versionId ?? row.current_version_id, ownerUsername, versionId };
}
