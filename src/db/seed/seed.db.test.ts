import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDialect, openTestDatabase } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { listApiEndpoints } from "../../core/catalog/api-endpoints.service";
import { getApiDetail, listCollections, listHubCarousel } from "../../core/catalog/catalog.service";
import { getTenant } from "../../core/tenants/tenants.service";
import { searchBackendFor } from "../../infra/search/search-backends";
import type { Db } from "../connection";
import { type SeedReport, seedDemoCatalog, seedIfEmpty } from "./seed-demo-catalog";
import { readSeedData } from "./seed-source";
import { guruCategorySlugger, importSpecs } from "./seed-specs";
import { TenantCatalog } from "./tenant-catalog";

const MINI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../tests/fixtures/seed-mini");
const quiet = { dataDir: "/nonexistent", log: () => {}, sourceDir: MINI };

async function countRows(db: Db, tenantId?: string) {
  const tables = [
    "users",
    "categories",
    "apis",
    "api_versions",
    "api_endpoints",
    "collections",
    "api_tags",
    "pages",
  ] as const;
  const out: Record<string, number> = {};
  for (const table of tables) {
    let q = db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"));
    if (tenantId) q = q.where("tenant_id", "=", tenantId);
    out[table] = Number((await q.executeTakeFirstOrThrow()).n);
  }
  return out;
}

describeEachDialect("demo catalog seed (seed-mini fixture)", ({ db, dialect }) => {
  let report: SeedReport | null;

  beforeAll(async () => {
    report = await seedIfEmpty(db(), { ...quiet, search: searchBackendFor(db()) });
  });

  it("reports the source, the listings and the spec that was skipped", () => {
    expect(report?.source).toEqual({ kind: "explicit", dir: MINI });
    expect(report?.listings).toBe(10);
    expect(report?.specs).toMatchObject({ found: 3, imported: 2, endpoints: 4 });
    expect(report?.specs.failed).toHaveLength(1);
    expect(report?.specs.failed[0]?.file).toBe("broken.example/1.0.json");
    expect(report?.specs.failed[0]?.reason).toMatch(/Missing|\$ref|definitions/i);
  });

  it("leaves no rows of the malformed spec behind", async () => {
    const apis = await db().kysely.selectFrom("apis").select(["name", "provider_name"]).execute();
    expect(apis.map((a) => a.name)).not.toContain("Broken Spec");
    expect(apis.map((a) => a.provider_name)).not.toContain("broken.example");
    const users = await db().kysely.selectFrom("users").select("username").execute();
    expect(users.map((u) => u.username)).not.toContain("broken-example");
    const counts = await countRows(db(), "1");
    expect(counts.api_versions).toBe(2);
    expect(counts.api_endpoints).toBe(4);
    expect(counts.apis).toBe(12);
  });

  it("stores a spec as an API with provider user, category, version and endpoints", async () => {
    const detail = await getApiDetail(db(), "1", "mini-weather-example", "mini-weather");
    expect(detail).toMatchObject({
      name: "Mini Weather",
      providerName: "mini-weather.example",
      thumbnail: "https://mini-weather.example/logo.png",
      categorySlug: "open-data",
      authType: "apiKey",
      isDemoData: true,
      currentVersion: { version: "1.0.0", sourceFormat: "swagger-2.0", endpointsCount: 3 },
    });
    expect(detail?.readme).toContain(
      "Forecasts for **tiny** towns. See [the docs](https://mini-weather.example/docs).",
    );
    const endpoints = await listApiEndpoints(db(), "1", detail?.id ?? "", { offset: 0, limit: 10 });
    expect(endpoints.items.map((e) => `${e.method} ${e.path}`)).toEqual([
      "GET /forecast/{city}",
      "GET /alerts",
      "POST /alerts",
    ]);
    expect(endpoints.items[0]?.parameters.map((p) => p.name)).toEqual(["city", "days"]);

    const cloud = await getApiDetail(db(), "1", "mini-cloud-example", "mini-cloud-storage");
    expect(cloud).toMatchObject({
      categorySlug: "cloud",
      authType: "OAuth",
      website: "https://mini-cloud.example/docs",
      termsOfUse: "https://mini-cloud.example/terms",
      currentVersion: { version: "2.1", sourceFormat: "openapi-3.0.3", endpointsCount: 1 },
    });
  });

  it("stores listings with per-host owners and unique slugs per owner", async () => {
    const first = await getApiDetail(db(), "1", "developer-accuweather-com", "accuweather");
    const second = await getApiDetail(db(), "1", "developer-accuweather-com", "accuweather-2");
    expect(first?.website).toBe("https://developer.accuweather.com/apis");
    expect(second?.website).toBe("https://developer.accuweather.com/other");
    expect(first).toMatchObject({ categorySlug: "weather", authType: "apiKey", cors: "unknown", isDemoData: true });
    // Shared code hosts are split by account rather than lumping every project under "github-com".
    expect(await getApiDetail(db(), "1", "fingerprintjs", "application-environment-verification")).not.toBeNull();
  });

  it("merges the two category sources by slug and creates tags, pages and collections", async () => {
    const categories = await db()
      .kysely.selectFrom("categories")
      .select(["slug", "name", "description"])
      .where("tenant_id", "=", "1")
      .orderBy("slug")
      .execute();
    expect(categories.map((c) => c.slug)).toEqual([
      "cloud",
      "development",
      "email",
      "finance",
      "open-data",
      "security",
      "weather",
    ]);
    // "email" is in both sources: one row, public-apis name, APIs.guru description.
    expect(categories.find((c) => c.slug === "email")).toEqual({
      slug: "email",
      name: "Email",
      description: "Electronic mail services",
    });
    const hidden = await db()
      .kysely.selectFrom("tag_definitions")
      .select("name")
      .where("tenant_id", "=", "1")
      .where("is_visible", "=", 0)
      .execute();
    expect(hidden.map((t) => t.name)).toEqual(["Source"]);
    const pages = await db()
      .kysely.selectFrom("pages")
      .select("slug")
      .where("tenant_id", "=", "1")
      .orderBy("slug")
      .execute();
    expect(pages.map((p) => p.slug)).toEqual([
      "about",
      "blog",
      "careers",
      "contact",
      "press",
      "privacy",
      "team",
      "terms",
    ]);
    const collections = await listCollections(db(), "1");
    expect(collections[0]?.name).toBe("Most Popular");
    expect(collections.every((c) => c.apiCount > 0)).toBe(true);
    const hub = await listHubCarousel(db(), "1", { collections: 3, perCollection: 50 });
    const popular = hub[0]?.apis.map((a) => a.popularity) ?? [];
    expect(popular.length).toBeGreaterThan(1);
    expect(popular).toEqual([...popular].sort((a, b) => b - a));
  });

  it("seeds tenant 2 with its own config and rows, sharing none with tenant 1", async () => {
    const acme = await getTenant(db(), "2");
    expect(acme?.config.brandName).toBe("Acme Internal Hub");
    expect(acme?.config.switches.publicMode).toBe(false);
    expect(acme?.config.accentColor).not.toBe("#0d93f2");
    expect(acme?.config.theme.backgroundColor).toBe("#ffffff");
    const counts = await countRows(db(), "2");
    expect(counts.apis).toBeGreaterThan(0);
    expect(counts.collections).toBe(3);
    // Every reference from a tenant-2 row points at a tenant-2 row.
    const foreignOwners = await db()
      .kysely.selectFrom("apis as a")
      .innerJoin("users as u", "u.id", "a.owner_id")
      .select("a.id")
      .where("a.tenant_id", "=", "2")
      .where("u.tenant_id", "!=", "2")
      .execute();
    expect(foreignOwners).toEqual([]);
    const foreignMembers = await db()
      .kysely.selectFrom("collection_apis as m")
      .innerJoin("apis as a", "a.id", "m.api_id")
      .select("m.api_id")
      .where("m.tenant_id", "=", "2")
      .where("a.tenant_id", "!=", "2")
      .execute();
    expect(foreignMembers).toEqual([]);
    const owners = await db().kysely.selectFrom("users").select("username").where("tenant_id", "=", "2").execute();
    expect(owners.map((o) => o.username)).toContain("logistics-team");
    expect(await getApiDetail(db(), "2", "mini-weather-example", "mini-weather")).toBeNull();
  });

  it("seedIfEmpty a second time does nothing", async () => {
    const before = await countRows(db());
    expect(await seedIfEmpty(db(), { ...quiet, search: searchBackendFor(db()) })).toBeNull();
    expect(await countRows(db())).toEqual(before);
  });

  it("a spec whose rows fail to store is rolled back whole, provider user included", async () => {
    const tenant = await createTestTenant(db());
    const catalog = new TenantCatalog(tenant.id, Date.now());
    // A category id that does not exist: the API insert violates its foreign key after the user insert succeeded.
    catalog.categoryIds.set("open-data", "cat_does_not_exist");
    const data = readSeedData(MINI);
    const result = await importSpecs(db(), catalog, data.specsDir, ["mini-weather.example/1.0.0.json"], {
      guru: data.guru,
      guruCategorySlug: guruCategorySlugger(data.guru),
      providerCategory: () => undefined,
      tagIds: {},
      now: Date.now(),
      log: () => {},
    });
    expect(result.imported).toBe(0);
    expect(result.failed[0]?.reason).toMatch(/^not stored: /);
    expect(await countRows(db(), tenant.id)).toMatchObject({ users: 0, apis: 0, api_versions: 0, api_endpoints: 0 });
    expect(catalog.userFor("mini-weather.example")).toBeUndefined();
  });

  describe("determinism", () => {
    it("a second seed into another database gives the same synthetic figures", async () => {
      const other = await openTestDatabase(dialect);
      try {
        await seedDemoCatalog(other.db, { ...quiet, search: searchBackendFor(other.db) });
        const figures = (d: Db) =>
          d.kysely
            .selectFrom("apis as a")
            .innerJoin("users as u", "u.id", "a.owner_id")
            .select(["a.tenant_id", "u.username", "a.slug", "a.popularity", "a.followers_count", "a.pricing_type"])
            .orderBy("a.tenant_id")
            .orderBy("u.username")
            .orderBy("a.slug")
            .execute();
        const mine = await figures(db());
        expect(mine.length).toBeGreaterThan(10);
        expect(await figures(other.db)).toEqual(mine);
      } finally {
        await other.dispose();
      }
    });
  });
});
