import type { Insertable } from "kysely";
import { newId } from "../../../common/ids";
import { endpointRows } from "../../../core/api-specs/endpoint-rows";
import { recomputeApiPricing } from "../../../core/plans/api-pricing";
import { normalizeSpec } from "../../../core/specs/normalize-spec";
import { preparedEndpoint } from "../../../core/specs/prepared-endpoint";
import type { Db } from "../../connection";
import type { ApisTable, ApiVersionsTable } from "../../schema";
import type { PlanObjectsTable, PlansTable } from "../../tables/gateway.tables";
import { ECHO_SPEC, GEO_SPEC } from "./demo-specs";

export const DEMO_OWNER_USERNAME = "portico";

interface DemoPlan {
  name: string;
  recommended?: boolean;
  rateLimit: { count: number; unit: PlansTable["rate_limit_unit"] & string } | null;
  quota: number | null;
  quotaPeriod: PlansTable["quota_period"];
  hardLimit: boolean;
  overagePriceMicros?: number;
  monthlyPriceCents: number;
  features: string[];
  objects?: Array<{ name: string; quota: number; quotaPeriod: PlansTable["quota_period"]; endpoints: string[] }>;
}

interface DemoApi {
  slug: string;
  upstream: string;
  spec: unknown;
  shortDescription: string;
  plans: DemoPlan[];
}

const DEMO_APIS: DemoApi[] = [
  {
    slug: "portico-echo",
    upstream: "portico-demo://echo",
    spec: ECHO_SPEC,
    shortDescription: "Echoes every request it receives through the gateway: try keys, headers and rate limits.",
    plans: [
      {
        name: "Basic",
        recommended: true,
        rateLimit: { count: 10, unit: "minute" },
        quota: 1000,
        quotaPeriod: "day",
        hardLimit: true,
        monthlyPriceCents: 0,
        features: ["10 requests per minute", "1000 requests per day", "Community support"],
      },
      {
        name: "Pro",
        rateLimit: { count: 100, unit: "second" },
        quota: 1_000_000,
        quotaPeriod: "month",
        hardLimit: false,
        overagePriceMicros: 100,
        monthlyPriceCents: 1900,
        features: ["100 requests per second", "Overage at $0.0001 per request", "E-mail support"],
      },
    ],
  },
  {
    slug: "portico-geo",
    upstream: "portico-demo://geo",
    spec: GEO_SPEC,
    shortDescription: "World cities, daily forecasts and distances: a small demo API that runs inside Portico.",
    plans: [
      {
        name: "Basic",
        recommended: true,
        rateLimit: { count: 10, unit: "minute" },
        quota: 500,
        quotaPeriod: "day",
        hardLimit: true,
        monthlyPriceCents: 0,
        features: ["All endpoints", "100 forecasts per day"],
        objects: [{ name: "Forecasts", quota: 100, quotaPeriod: "day", endpoints: ["GET /cities/{id}/forecast"] }],
      },
      {
        name: "Ultra",
        rateLimit: { count: 50, unit: "second" },
        quota: 500_000,
        quotaPeriod: "month",
        hardLimit: true,
        monthlyPriceCents: 4900,
        features: ["All endpoints", "Unlimited forecasts", "Priority support"],
      },
    ],
  },
];

async function demoOwner(db: Db, tenantId: string, now: number): Promise<string> {
  const existing = await db.kysely
    .selectFrom("users")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("username", "=", DEMO_OWNER_USERNAME)
    .executeTakeFirst();
  if (existing) return existing.id;
  const id = newId("usr");
  await db.kysely
    .insertInto("users")
    .values({
      id,
      tenant_id: tenantId,
      username: DEMO_OWNER_USERNAME,
      email: null,
      name: "Portico",
      thumbnail: null,
      position: null,
      company: "Portico",
      location: null,
      bio: "Built-in demo APIs that run inside Portico, so the whole subscribe-and-call loop works offline.",
      is_demo: 1,
      created_at: now,
    })
    .execute();
  return id;
}

/**
 * Adds the built-in demo APIs ("Portico Echo", "Portico Geo") with their plans to a tenant, unless present.
 * Idempotent; returns the slugs it created.
 */
export async function ensureDemoApis(db: Db, tenantId: string): Promise<string[]> {
  const tenant = await db.kysely.selectFrom("tenants").select("id").where("id", "=", tenantId).executeTakeFirst();
  if (!tenant) return [];
  const now = Date.now();
  const ownerId = await demoOwner(db, tenantId, now);
  const created: string[] = [];
  for (const demo of DEMO_APIS) {
    const exists = await db.kysely
      .selectFrom("apis")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("owner_id", "=", ownerId)
      .where("slug", "=", demo.slug)
      .executeTakeFirst();
    if (exists) continue;
    const text = JSON.stringify(demo.spec);
    const spec = await normalizeSpec(text);
    const apiId = newId("api");
    const versionId = newId("ver");
    const api: Insertable<ApisTable> = {
      id: apiId,
      tenant_id: tenantId,
      owner_id: ownerId,
      name: spec.title,
      slug: demo.slug,
      short_description: demo.shortDescription,
      thumbnail: null,
      category_id: null,
      website: null,
      terms_of_use: null,
      resources_json: "[]",
      followers_count: 0,
      rating_avg: 0,
      rating_votes: 0,
      health_check: null,
      popularity: 0,
      latency_ms: null,
      service_level: null,
      is_demo_data: 0,
      visibility: "PUBLIC",
      // Declared until the plans below are in; recomputeApiPricing then derives it from them.
      pricing_type: "FREE",
      provider_name: "Portico",
      readme: `# ${spec.title}\n\n${spec.description ?? ""}\n\nSubscribe to the free Basic plan from the Pricing tab, create a key in My Apps, and call it through the gateway.`,
      features_json: JSON.stringify(demo.plans[0]?.features ?? []),
      auth_type: "apiKey",
      cors: "yes",
      upstream_url: demo.upstream,
      current_version_id: versionId,
      created_at: now,
      updated_at: now,
    };
    const version: Insertable<ApiVersionsTable> = {
      id: versionId,
      tenant_id: tenantId,
      api_id: apiId,
      version: spec.version,
      source_format: spec.sourceFormat,
      original_doc: text,
      normalized_doc: JSON.stringify(spec.document),
      endpoints_count: spec.endpoints.length,
      created_at: now,
    };
    const endpoints = endpointRows({ tenantId, apiId, versionId }, spec.endpoints.map(preparedEndpoint));
    const plans: Array<Insertable<PlansTable>> = [];
    const objects: Array<Insertable<PlanObjectsTable>> = [];
    demo.plans.forEach((p, position) => {
      const planId = newId("pln");
      plans.push({
        id: planId,
        tenant_id: tenantId,
        api_id: apiId,
        name: p.name,
        position,
        recommended: p.recommended ? 1 : 0,
        private: 0,
        deprecated: 0,
        approval_required: 0,
        hard_limit: p.hardLimit ? 1 : 0,
        overage_price_micros: p.overagePriceMicros ?? 0,
        rate_limit_count: p.rateLimit?.count ?? null,
        rate_limit_unit: p.rateLimit?.unit ?? null,
        quota: p.quota,
        quota_period: p.quotaPeriod,
        features_json: JSON.stringify(p.features),
        monthly_price_cents: p.monthlyPriceCents,
        currency: "USD",
        created_at: now,
        updated_at: now,
      });
      (p.objects ?? []).forEach((o, i) => {
        objects.push({
          id: newId("pob"),
          tenant_id: tenantId,
          plan_id: planId,
          name: o.name,
          position: i,
          quota: o.quota,
          quota_period: o.quotaPeriod,
          hard_limit: 1,
          overage_price_micros: 0,
          endpoints_json: JSON.stringify(o.endpoints),
        });
      });
    });
    await db.kysely.transaction().execute(async (kysely) => {
      const tx: Db = { kysely, dialect: db.dialect, close: async () => {} };
      const trx = tx.kysely;
      await trx.insertInto("apis").values(api).execute();
      await trx.insertInto("api_versions").values(version).execute();
      if (endpoints.length > 0) await trx.insertInto("api_endpoints").values(endpoints).execute();
      await trx.insertInto("plans").values(plans).execute();
      if (objects.length > 0) await trx.insertInto("plan_objects").values(objects).execute();
      await trx
        .insertInto("api_gateway_settings")
        .values({ api_id: apiId, tenant_id: tenantId, mode: "proxy", updated_at: now })
        .execute();
      await recomputeApiPricing(tx, tenantId, apiId);
    });
    created.push(demo.slug);
  }
  return created;
}
