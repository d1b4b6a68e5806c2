import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi, type TestApi } from "../../../tests/factories/apis";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestCollection } from "../../../tests/factories/collections";
import { createTestPage } from "../../../tests/factories/pages";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { listApiEndpoints } from "./api-endpoints.service";
import {
  getApiDetail,
  getCatalogStats,
  getCategoryPage,
  getCollectionPage,
  listApis,
  listCategories,
  listCollections,
  listHubCarousel,
} from "./catalog.service";
import { getPage, listPages } from "./pages.service";

const ALL = { offset: 0, limit: 100 };

describeEachDialect("catalog", ({ db }) => {
  // Tenant A holds the scenario; tenant B reuses A's slugs and usernames so any missing tenant filter shows up.
  const A = "cat-a";
  const B = "cat-b";
  let weatherSunny: TestApi;
  let weatherRain: TestApi;
  let weatherSecret: TestApi;
  let financeCoin: TestApi;
  let otherTenantApi: TestApi;
  let rainV1: string;

  beforeAll(async () => {
    await createTestTenant(db(), { id: A });
    await createTestTenant(db(), { id: B });
    const owner = await createTestUser(db(), A, { username: "acme", name: "Acme Corp" });
    const weather = await createTestCategory(db(), A, { slug: "weather", name: "weather" });
    const finance = await createTestCategory(db(), A, { slug: "finance", name: "Finance" });
    await createTestCategory(db(), A, { slug: "art", name: "Art & Design" });

    weatherSunny = await createTestApi(db(), A, {
      owner_id: owner.id,
      name: "Sunny",
      slug: "sunny",
      category_id: weather.id,
      popularity: 9,
      features_json: JSON.stringify(["Fast", "Free"]),
      resources_json: JSON.stringify([{ title: "Docs", url: "https://sunny.example/docs" }]),
      readme: "# Sunny",
      auth_type: "apiKey",
      is_demo_data: 1,
    });
    // An older version first, so "current" is not simply "the only one".
    const rainOld = await createTestApi(db(), A, {
      owner_id: owner.id,
      name: "Rain (old)",
      slug: "rain-old",
      visibility: "PRIVATE",
      endpoints: [{ method: "GET", path: "/old" }],
    });
    weatherRain = await createTestApi(db(), A, {
      owner_id: owner.id,
      name: "Rain",
      slug: "rain",
      category_id: weather.id,
      popularity: 5,
      version: "2.0",
      endpoints: [
        { method: "GET", path: "/forecast", summary: "Daily Forecast", parameters: [] },
        { method: "POST", path: "/alerts", summary: "Create an alert" },
        { method: "GET", path: "/radar_100%", summary: "Radar tiles" },
        { method: "DELETE", path: "/alerts/{id}", summary: null },
      ],
    });
    // A second version of Rain that is not current: endpoints listed only when asked for by id.
    rainV1 = "ver_rain_v1";
    await db()
      .kysely.insertInto("api_versions")
      .values({
        id: rainV1,
        tenant_id: A,
        api_id: weatherRain.id,
        version: "1.0",
        source_format: "swagger-2.0",
        original_doc: "{}",
        normalized_doc: "{}",
        endpoints_count: 1,
        created_at: 1,
      })
      .execute();
    await db()
      .kysely.insertInto("api_endpoints")
      .values({
        id: "end_rain_v1",
        tenant_id: A,
        api_id: weatherRain.id,
        version_id: rainV1,
        method: "GET",
        path: "/v1/forecast",
        tags_json: "[]",
        parameters_json: "[]",
        responses_json: "{}",
        position: 0,
      })
      .execute();
    expect(rainOld.visibility).toBe("PRIVATE");

    weatherSecret = await createTestApi(db(), A, {
      owner_id: owner.id,
      name: "Secret Weather",
      slug: "secret",
      category_id: weather.id,
      popularity: 10,
      visibility: "PRIVATE",
      endpoints: [{ method: "GET", path: "/secret" }],
    });
    financeCoin = await createTestApi(db(), A, {
      owner_id: owner.id,
      name: "Coin",
      slug: "coin",
      category_id: finance.id,
      popularity: 7,
    });
    await createTestCollection(db(), A, {
      slug: "top",
      name: "Top",
      position: 1,
      apiIds: [weatherRain.id, weatherSecret.id, financeCoin.id, weatherSunny.id],
    });
    await createTestCollection(db(), A, { slug: "empty", name: "Empty", position: 0, apiIds: [weatherSecret.id] });
    await createTestCollection(db(), A, { slug: "coins", name: "Coins", position: 2, apiIds: [financeCoin.id] });
    await createTestPage(db(), A, { slug: "about", title: "About A", body: "A body", updated_at: 1234 });

    // Tenant B: same slugs, same owner username, its own rows.
    const ownerB = await createTestUser(db(), B, { username: "acme", name: "Acme B" });
    const weatherB = await createTestCategory(db(), B, { slug: "weather", name: "Weather B" });
    otherTenantApi = await createTestApi(db(), B, {
      owner_id: ownerB.id,
      name: "Sunny B",
      slug: "sunny",
      category_id: weatherB.id,
      popularity: 8,
      endpoints: [{ method: "GET", path: "/forecast", summary: "B forecast" }],
    });
    await createTestCollection(db(), B, { slug: "top", name: "Top B", apiIds: [otherTenantApi.id] });
    await createTestPage(db(), B, { slug: "about", title: "About B" });
  });

  describe("categories", () => {
    it("listCategories: by name (case-insensitive), counting public APIs only", async () => {
      const cats = await listCategories(db(), A);
      expect(cats.map((c) => [c.slug, c.apiCount])).toEqual([
        ["art", 0],
        ["finance", 1],
        ["weather", 2],
      ]);
    });

    it("getCategoryPage: documented APIs first, then by popularity desc, with paging and total", async () => {
      const page = await getCategoryPage(db(), A, "weather", ALL);
      expect(page?.category.name).toBe("weather");
      // "rain" has a spec version (endpoints), "sunny" is more popular but undocumented (issue 15).
      expect(page?.apis.items.map((a) => a.slug)).toEqual(["rain", "sunny"]);
      expect(page?.apis.total).toBe(2);
      const second = await getCategoryPage(db(), A, "weather", { offset: 1, limit: 1 });
      expect(second?.apis.items.map((a) => a.slug)).toEqual(["sunny"]);
      expect(second?.apis).toMatchObject({ offset: 1, limit: 1, total: 2 });
    });

    it("getCategoryPage: null for an unknown slug", async () => {
      expect(await getCategoryPage(db(), A, "nope", ALL)).toBeNull();
    });

    it("cannot see another tenant's categories or their APIs", async () => {
      expect((await listCategories(db(), B)).map((c) => c.name)).toEqual(["Weather B"]);
      const pageB = await getCategoryPage(db(), B, "weather", ALL);
      expect(pageB?.apis.items.map((a) => a.id)).toEqual([otherTenantApi.id]);
      expect(await getCategoryPage(db(), B, "finance", ALL)).toBeNull();
    });
  });

  describe("collections", () => {
    it("listCollections: by position, counting public members only", async () => {
      const cols = await listCollections(db(), A);
      expect(cols.map((c) => [c.slug, c.apiCount])).toEqual([
        ["empty", 0],
        ["top", 3],
        ["coins", 1],
      ]);
    });

    it("getCollectionPage: public APIs in membership order", async () => {
      const page = await getCollectionPage(db(), A, "top", ALL);
      expect(page?.apis.items.map((a) => a.slug)).toEqual(["rain", "coin", "sunny"]);
      expect(page?.apis.total).toBe(3);
      const tail = await getCollectionPage(db(), A, "top", { offset: 2, limit: 5 });
      expect(tail?.apis.items.map((a) => a.slug)).toEqual(["sunny"]);
      expect(await getCollectionPage(db(), A, "nope", ALL)).toBeNull();
    });

    it("listHubCarousel: skips collections without public APIs and trims each to perCollection", async () => {
      const hub = await listHubCarousel(db(), A, { collections: 1, perCollection: 2 });
      expect(hub.map((h) => h.collection.slug)).toEqual(["top"]);
      expect(hub[0]?.apis.map((a) => a.slug)).toEqual(["rain", "coin"]);
      const all = await listHubCarousel(db(), A, { collections: 10, perCollection: 10 });
      expect(all.map((h) => [h.collection.slug, h.apis.length])).toEqual([
        ["top", 3],
        ["coins", 1],
      ]);
    });

    it("cannot see another tenant's collections", async () => {
      expect((await listCollections(db(), B)).map((c) => c.name)).toEqual(["Top B"]);
      const pageB = await getCollectionPage(db(), B, "top", ALL);
      expect(pageB?.apis.items.map((a) => a.id)).toEqual([otherTenantApi.id]);
      expect(await getCollectionPage(db(), B, "coins", ALL)).toBeNull();
      const hubB = await listHubCarousel(db(), B, { collections: 10, perCollection: 10 });
      expect(hubB.flatMap((h) => h.apis.map((a) => a.id))).toEqual([otherTenantApi.id]);
    });
  });

  describe("APIs", () => {
    it("listApis: public APIs by popularity, with card fields", async () => {
      const page = await listApis(db(), A, ALL);
      expect(page.items.map((a) => a.slug)).toEqual(["sunny", "coin", "rain"]);
      expect(page.total).toBe(3);
      expect(page.items[0]).toMatchObject({
        id: weatherSunny.id,
        name: "Sunny",
        ownerUsername: "acme",
        categorySlug: "weather",
        categoryName: "weather",
        visibility: "PUBLIC",
        pricingType: "FREE",
        popularity: 9,
        isDemoData: true,
      });
    });

    it("listApis: filters by category and by collection (collection order), unknown slug gives an empty page", async () => {
      const weather = await listApis(db(), A, { ...ALL, categorySlug: "weather" });
      expect(weather.items.map((a) => a.slug)).toEqual(["sunny", "rain"]);
      const top = await listApis(db(), A, { ...ALL, collectionSlug: "top" });
      expect(top.items.map((a) => a.slug)).toEqual(["rain", "coin", "sunny"]);
      expect(top.total).toBe(3);
      const both = await listApis(db(), A, { ...ALL, collectionSlug: "top", categorySlug: "weather" });
      expect(both.items.map((a) => a.slug)).toEqual(["rain", "sunny"]);
      expect(both.total).toBe(2);
      expect(await listApis(db(), A, { ...ALL, categorySlug: "nope" })).toMatchObject({ items: [], total: 0 });
      expect(await listApis(db(), A, { ...ALL, collectionSlug: "nope" })).toMatchObject({ items: [], total: 0 });
    });

    it("listApis: caps the limit at 100 and clamps a negative offset", async () => {
      const tenant = await createTestTenant(db());
      const owner = await createTestUser(db(), tenant.id);
      for (let i = 0; i < 102; i++) await createTestApi(db(), tenant.id, { owner_id: owner.id, popularity: i % 10 });
      const page = await listApis(db(), tenant.id, { offset: -5, limit: 1000 });
      expect(page.items).toHaveLength(100);
      expect(page).toMatchObject({ offset: 0, limit: 100, total: 102 });
      const popularity = page.items.map((a) => a.popularity);
      expect(popularity).toEqual([...popularity].sort((x, y) => y - x));
    });

    it("getApiDetail: header and About fields, with the current version", async () => {
      const detail = await getApiDetail(db(), A, "acme", "sunny");
      expect(detail).toMatchObject({
        id: weatherSunny.id,
        ownerName: "Acme Corp",
        readme: "# Sunny",
        features: ["Fast", "Free"],
        resources: [{ title: "Docs", url: "https://sunny.example/docs" }],
        authType: "apiKey",
        currentVersion: null,
      });
      const rain = await getApiDetail(db(), A, "acme", "rain");
      expect(rain?.currentVersion).toEqual({
        id: weatherRain.versionId,
        version: "2.0",
        sourceFormat: "openapi-3.0.3",
        endpointsCount: 4,
      });
    });

    it("getApiDetail: null for a private API, an unknown slug or a wrong owner", async () => {
      expect(await getApiDetail(db(), A, "acme", "secret")).toBeNull();
      expect(await getApiDetail(db(), A, "acme", "nope")).toBeNull();
      expect(await getApiDetail(db(), A, "someone-else", "sunny")).toBeNull();
    });

    it("cannot see another tenant's APIs", async () => {
      expect((await listApis(db(), B, ALL)).items.map((a) => a.id)).toEqual([otherTenantApi.id]);
      expect((await getApiDetail(db(), B, "acme", "sunny"))?.id).toBe(otherTenantApi.id);
      expect(await getApiDetail(db(), B, "acme", "coin")).toBeNull();
      expect((await listApis(db(), A, ALL)).items.map((a) => a.id)).not.toContain(otherTenantApi.id);
    });
  });

  describe("endpoints", () => {
    it("listApiEndpoints: the current version's endpoints in spec order", async () => {
      const page = await listApiEndpoints(db(), A, weatherRain.id, ALL);
      expect(page.total).toBe(4);
      expect(page.items.map((e) => `${e.method} ${e.path}`)).toEqual([
        "GET /forecast",
        "POST /alerts",
        "GET /radar_100%",
        "DELETE /alerts/{id}",
      ]);
      expect(page.items[0]).toMatchObject({ summary: "Daily Forecast", tags: [], parameters: [] });
      const second = await listApiEndpoints(db(), A, weatherRain.id, { offset: 1, limit: 2 });
      expect(second.items.map((e) => e.path)).toEqual(["/alerts", "/radar_100%"]);
    });

    it("listApiEndpoints: a named version of the same API, not of another", async () => {
      const v1 = await listApiEndpoints(db(), A, weatherRain.id, { ...ALL, versionId: rainV1 });
      expect(v1.items.map((e) => e.path)).toEqual(["/v1/forecast"]);
      const mismatched = await listApiEndpoints(db(), A, weatherSunny.id, { ...ALL, versionId: rainV1 });
      expect(mismatched.total).toBe(0);
    });

    it("listApiEndpoints: query matches method, path or summary case-insensitively", async () => {
      const paths = async (query: string) =>
        (await listApiEndpoints(db(), A, weatherRain.id, { ...ALL, query })).items.map((e) => e.path);
      expect(await paths("FORECAST")).toEqual(["/forecast"]);
      expect(await paths("post")).toEqual(["/alerts"]);
      expect(await paths("delete")).toEqual(["/alerts/{id}"]);
      expect(await paths("an ALERT")).toEqual(["/alerts"]);
      expect(await paths("alerts")).toEqual(["/alerts", "/alerts/{id}"]);
      expect(await paths("  ")).toHaveLength(4);
    });

    it("listApiEndpoints: LIKE wildcards in the query match literally", async () => {
      const paths = async (query: string) =>
        (await listApiEndpoints(db(), A, weatherRain.id, { ...ALL, query })).items.map((e) => e.path);
      expect(await paths("%")).toEqual(["/radar_100%"]);
      expect(await paths("_")).toEqual(["/radar_100%"]);
      expect(await paths("r_d")).toEqual([]);
      expect(await paths("\\")).toEqual([]);
    });

    it("listApiEndpoints: nothing for a private API", async () => {
      expect((await listApiEndpoints(db(), A, weatherSecret.id, ALL)).total).toBe(0);
    });

    it("cannot see another tenant's endpoints", async () => {
      expect((await listApiEndpoints(db(), A, otherTenantApi.id, ALL)).items).toEqual([]);
      expect((await listApiEndpoints(db(), B, weatherRain.id, ALL)).items).toEqual([]);
      expect((await listApiEndpoints(db(), B, otherTenantApi.id, ALL)).items.map((e) => e.summary)).toEqual([
        "B forecast",
      ]);
    });
  });

  describe("pages and stats", () => {
    it("getPage: by slug, null when unknown", async () => {
      expect(await getPage(db(), A, "about")).toEqual({
        slug: "about",
        title: "About A",
        body: "A body",
        updatedAt: 1234,
      });
      expect(await getPage(db(), A, "terms")).toBeNull();
    });

    it("cannot see another tenant's pages", async () => {
      expect((await getPage(db(), B, "about"))?.title).toBe("About B");
      const tenant = await createTestTenant(db());
      expect(await getPage(db(), tenant.id, "about")).toBeNull();
    });

    it("listPages: this tenant's pages only", async () => {
      expect(await listPages(db(), A)).toEqual([{ slug: "about", title: "About A", updatedAt: 1234 }]);
      expect((await listPages(db(), B)).map((p) => p.title)).toEqual(["About B"]);
    });

    it("getCatalogStats: public APIs, categories, collections and current-version endpoints of this tenant", async () => {
      expect(await getCatalogStats(db(), A)).toEqual({
        apiCount: 3,
        categoryCount: 3,
        collectionCount: 3,
        endpointCount: 4,
      });
      expect(await getCatalogStats(db(), B)).toEqual({
        apiCount: 1,
        categoryCount: 1,
        collectionCount: 1,
        endpointCount: 1,
      });
    });
  });
});
