import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi, type TestApi } from "../../../tests/factories/apis";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestCollection } from "../../../tests/factories/collections";
import { createTestTenant } from "../../../tests/factories/tenants";
import { searchBackendFor } from "../../infra/search/search-backends";
import { facetCodeOf } from "../../infra/search/sqlite-doc-ids";
import { listVisibleTags, searchApis, searchCollections, searchResources } from "./search.service";
import type { SearchApisInput } from "./search.types";
import { rebuildSearchIndex, reindexApi, syncSearchIndex } from "./search-index";
import { typoCandidateRange } from "./typo";

/*
 * Runs once on SQLite FTS5 and once on PostgreSQL full text: the expected orders below are literal, so both engines
 * must return exactly the same results in the same order.
 */
describeEachDialect("search", ({ db, dialect }) => {
  const A = "srch-a";
  const B = "srch-b";
  const apis: Record<string, TestApi> = {};

  // Every expectation also holds on the tiered path (forced here; the catalog is below its threshold).
  const comparable = ({ queryId: _, ...rest }: Awaited<ReturnType<typeof searchApis>>) => rest;
  const names = async (input: Partial<SearchApisInput>, tenant = A) => {
    const full: SearchApisInput = { offset: 0, limit: 50, ...input };
    const result = await searchApis(db(), tenant, full, searchBackendFor(db()));
    const tiered = await searchApis(db(), tenant, full, searchBackendFor(db()), { onePassMaxMatches: 0 });
    expect(comparable(tiered)).toEqual(comparable(result));
    return result.items.map((i) => i.name);
  };

  beforeAll(async () => {
    await createTestTenant(db(), { id: A });
    await createTestTenant(db(), { id: B });
    const weather = await createTestCategory(db(), A, { name: "Weather", slug: "weather" });
    const translation = await createTestCategory(db(), A, { name: "Translation", slug: "translation" });
    const finance = await createTestCategory(db(), A, { name: "Finance", slug: "finance" });
    const at = Date.UTC(2025, 0, 1);
    apis.owm = await createTestApi(db(), A, {
      name: "OpenWeatherMap",
      provider_name: "OpenWeather",
      short_description: "Current weather data and forecasts",
      category_id: weather.id,
      pricing_type: "FREEMIUM",
      auth_type: "apiKey",
      popularity: 9.5,
      rating_avg: 4.5,
      latency_ms: 120,
      updated_at: at + 3,
      endpoints: [
        { method: "GET", path: "/data/2.5/weather", summary: "Current weather data" },
        { method: "GET", path: "/data/2.5/forecast", summary: "5 day forecast", operationId: "getForecast" },
      ],
    });
    apis.weatherbit = await createTestApi(db(), A, {
      name: "Weatherbit",
      short_description: "Weather forecasts",
      category_id: weather.id,
      pricing_type: "PAID",
      auth_type: "apiKey",
      popularity: 7,
      rating_avg: 4.8,
      latency_ms: 80,
      updated_at: at + 1,
    });
    apis.sunny = await createTestApi(db(), A, {
      name: "Sunny Skies",
      short_description: "Hourly weather for outdoor events",
      category_id: weather.id,
      pricing_type: "FREE",
      popularity: 9.9,
      rating_avg: 3.9,
      latency_ms: null,
      updated_at: at + 2,
    });
    apis.google = await createTestApi(db(), A, {
      name: "Google Translate",
      provider_name: "Google",
      short_description: "Translate text between 100 languages",
      category_id: translation.id,
      auth_type: "OAuth",
      popularity: 9,
    });
    apis.deepl = await createTestApi(db(), A, {
      name: "DeepL Translator",
      short_description: "Neural machine translation",
      category_id: translation.id,
      pricing_type: "FREEMIUM",
      auth_type: "apiKey",
      popularity: 8,
    });
    apis.lingua = await createTestApi(db(), A, {
      name: "Lingua",
      short_description: "Translate and detect languages",
      category_id: translation.id,
      popularity: 3,
    });
    apis.payflow = await createTestApi(db(), A, {
      name: "PayFlow",
      short_description: "Payments for marketplaces",
      category_id: finance.id,
      pricing_type: "PAID",
      auth_type: "OAuth",
      popularity: 6,
      endpoints: [
        { method: "POST", path: "/v1/charges", summary: "Create a charge" },
        { method: "GET", path: "/v1/refunds", summary: "List refunds", operationId: "listRefunds" },
      ],
    });
    apis.secret = await createTestApi(db(), A, {
      name: "Weather Secret",
      short_description: "Private weather forecasts",
      visibility: "PRIVATE",
      popularity: 10,
      endpoints: [{ method: "GET", path: "/secret/weather/forecast", summary: "Secret forecast" }],
    });
    apis.other = await createTestApi(db(), B, {
      name: "Weather Elsewhere",
      short_description: "Another tenant's weather and translate API",
      popularity: 10,
      endpoints: [{ method: "GET", path: "/refunds/forecast", summary: "Other tenant forecast" }],
    });
    await createTestCollection(db(), A, {
      name: "Weather Essentials",
      description: "Forecasts and climate",
      apiIds: [apis.sunny.id, apis.deepl.id],
    });
    await createTestCollection(db(), A, { name: "Language Tools", description: "Translate anything" });
    await db()
      .kysely.insertInto("tag_definitions")
      .values([
        {
          id: "tag-auth",
          tenant_id: A,
          name: "Auth",
          values_json: '["OAuth","apiKey"]',
          is_visible: 1,
          show_tag_name: 1,
          status: "ACTIVE",
          type: "LIST",
          color: null,
          description: null,
        },
        {
          id: "tag-internal",
          tenant_id: A,
          name: "Internal",
          values_json: '["x"]',
          is_visible: 0,
          show_tag_name: 0,
          status: "ACTIVE",
          type: "LIST",
          color: null,
          description: null,
        },
      ])
      .execute();
    await db()
      .kysely.insertInto("api_tags")
      .values([
        { tenant_id: A, api_id: apis.google.id, tag_id: "tag-auth", value: "OAuth" },
        { tenant_id: A, api_id: apis.payflow.id, tag_id: "tag-internal", value: "x" },
      ])
      .execute();
  });

  it("uses the engine of the dialect", () => {
    expect(searchBackendFor(db()).name).toBe(dialect === "sqlite" ? "sqlite-fts5" : "postgres-fts-trgm");
  });

  it("ranks name and provider matches above description matches, then by popularity", async () => {
    expect(await names({ term: "weather" })).toEqual(["OpenWeatherMap", "Weatherbit", "Sunny Skies"]);
    expect(await names({ term: "google" })).toEqual(["Google Translate"]);
  });

  it("filters by a minimum rating and sorts by rating (decision 080)", async () => {
    expect(await names({ term: "weather", minRating: 4 })).toEqual(["OpenWeatherMap", "Weatherbit"]);
    expect(await names({ term: "weather", minRating: 4, sort: [{ field: "RATING", direction: "DESC" }] })).toEqual([
      "Weatherbit",
      "OpenWeatherMap",
    ]);
    // Out of range: no filter.
    expect(await names({ term: "weather", minRating: 7 })).toEqual(["OpenWeatherMap", "Weatherbit", "Sunny Skies"]);
  });

  it("filters to APIs with endpoints and to APIs whose latest health probe was up (decisions 100, 101)", async () => {
    expect(await names({ term: "weather", hasEndpoints: true })).toEqual(["OpenWeatherMap"]);
    const probe = (apiId: string, probedAt: number, up: number) =>
      db()
        .kysely.insertInto("api_health_probes")
        .values({ tenant_id: A, api_id: apiId, probed_at: probedAt, up, latency_ms: 5, status_code: 200, reason: null })
        .execute();
    await probe(apis.weatherbit?.id ?? "", 1_000, 0);
    await probe(apis.weatherbit?.id ?? "", 2_000, 1);
    await probe(apis.owm?.id ?? "", 1_000, 1);
    await probe(apis.owm?.id ?? "", 2_000, 0);
    expect(await names({ term: "weather", healthy: true })).toEqual(["Weatherbit"]);
    expect(await names({ term: "weather", healthy: true, hasEndpoints: true })).toEqual([]);
    await db().kysely.deleteFrom("api_health_probes").execute();
  });

  it("matches prefixes for typeahead", async () => {
    expect(await names({ term: "weat" })).toEqual(["OpenWeatherMap", "Weatherbit", "Sunny Skies"]);
    expect(await names({ term: "translat" })).toEqual(["Google Translate", "DeepL Translator", "Lingua"]);
  });

  it("forgives one typo in a word of 4+ letters, ranking typo matches by where they matched", async () => {
    expect(await names({ term: "wether" })).toEqual(["OpenWeatherMap", "Sunny Skies", "Weatherbit"]);
    expect(await names({ term: "transalte" })).toEqual(["Google Translate", "Lingua"]);
    expect(await names({ term: "Weathr forcasts" })).toEqual(["OpenWeatherMap", "Weatherbit"]);
    expect(await names({ term: "wea" })).toEqual(["OpenWeatherMap", "Weatherbit", "Sunny Skies"]);
    expect(await names({ term: "xeat" })).toEqual([]);
  });

  it("finds APIs by endpoint path, summary and operation id, naming the matching endpoint", async () => {
    const refunds = await searchApis(db(), A, { term: "refunds", offset: 0, limit: 10 }, searchBackendFor(db()));
    expect(refunds.items.map((i) => [i.name, i.matchedEndpoint?.method, i.matchedEndpoint?.path])).toEqual([
      ["PayFlow", "GET", "/v1/refunds"],
    ]);
    const forecast = await searchApis(
      db(),
      A,
      { term: "5 day forecast", offset: 0, limit: 10 },
      searchBackendFor(db()),
    );
    expect(forecast.items.map((i) => [i.name, i.matchedEndpoint?.path])).toEqual([
      ["OpenWeatherMap", "/data/2.5/forecast"],
    ]);
    const op = await searchApis(db(), A, { term: "listrefunds", offset: 0, limit: 10 }, searchBackendFor(db()));
    expect(op.items.map((i) => i.matchedEndpoint?.summary)).toEqual(["List refunds"]);
    const plain = await searchApis(db(), A, { term: "sunny", offset: 0, limit: 10 }, searchBackendFor(db()));
    expect(plain.items[0]?.matchedEndpoint).toBeNull();
  });

  it("never shows private APIs or another tenant's APIs", async () => {
    for (const term of ["weather", "secret", "forecast", "elsewhere", "", "translate", "refunds"]) {
      const result = await searchApis(db(), A, { term, offset: 0, limit: 50 }, searchBackendFor(db()));
      const ids = result.items.map((i) => i.id);
      expect(ids).not.toContain(apis.secret?.id);
      expect(ids).not.toContain(apis.other?.id);
      const resources = await searchResources(db(), A, { term, offset: 0, limit: 50 }, searchBackendFor(db()));
      expect(resources.items.map((r) => r.api.id)).not.toContain(apis.secret?.id);
      expect(resources.items.map((r) => r.api.id)).not.toContain(apis.other?.id);
    }
    expect(await names({ term: "weather" }, B)).toEqual(["Weather Elsewhere"]);
    expect(await names({ term: "sunny" }, B)).toEqual([]);
    expect(await names({ term: "secret" }, B)).toEqual([]);
  });

  it("browses with an empty term, filters, and counts facets disjunctively", async () => {
    // Documented APIs (with endpoints: OpenWeatherMap, PayFlow) first, then by popularity (issue 15).
    expect(await names({ term: "" })).toEqual([
      "OpenWeatherMap",
      "PayFlow",
      "Sunny Skies",
      "Google Translate",
      "DeepL Translator",
      "Weatherbit",
      "Lingua",
    ]);
    expect(await names({ categoryNames: ["weather"] })).toEqual(["OpenWeatherMap", "Sunny Skies", "Weatherbit"]);
    expect(await names({ pricingTypes: ["PAID"] })).toEqual(["PayFlow", "Weatherbit"]);
    expect(await names({ authTypes: ["OAuth"], term: "translate" })).toEqual(["Google Translate"]);
    const members = (await searchCollections(db(), A, { term: "weather essentials", offset: 0, limit: 5 })).items;
    expect(await names({ collectionIds: members.map((c) => c.id) })).toEqual(["Sunny Skies", "DeepL Translator"]);
    expect(await names({ tags: ["Auth:OAuth"] })).toEqual(["Google Translate"]);
    expect(await names({ tags: ["x"] })).toEqual([]);
    expect(await names({ categoryNames: ["No such category"] })).toEqual([]);

    const result = await searchApis(
      db(),
      A,
      {
        term: "weather",
        categoryNames: ["Weather"],
        pricingTypes: ["PAID"],
        offset: 0,
        limit: 10,
      },
      searchBackendFor(db()),
    );
    expect(result.total).toBe(1);
    expect(result.facets.categories).toEqual([{ value: "Weather", label: "Weather", count: 1 }]);
    expect(result.facets.pricingTypes.map((f) => [f.value, f.count])).toEqual([
      ["FREE", 1],
      ["FREEMIUM", 1],
      ["PAID", 1],
    ]);
    expect(result.facets.authTypes).toEqual([{ value: "apiKey", label: "apiKey", count: 1 }]);
  });

  it("can skip facets and still count the filtered total (typeahead)", async () => {
    const plain = await searchApis(
      db(),
      A,
      { term: "weather", facets: false, offset: 0, limit: 1 },
      searchBackendFor(db()),
    );
    expect([plain.total, plain.items.map((i) => i.name), plain.facets.categories]).toEqual([3, ["OpenWeatherMap"], []]);
    const filtered = await searchApis(
      db(),
      A,
      {
        term: "weather",
        pricingTypes: ["PAID", "FREE"],
        facets: false,
        offset: 0,
        limit: 5,
      },
      searchBackendFor(db()),
    );
    expect([filtered.total, filtered.items.map((i) => i.name)]).toEqual([2, ["Weatherbit", "Sunny Skies"]]);
  });

  it("reads the same pages, totals and facets tier by tier as in one pass", async () => {
    const terms = [
      "weather",
      "wea",
      "wether",
      "translate",
      "forecast",
      "weather forcast",
      "data api",
      "a",
      "op",
      "5 day",
    ];
    let compared = 0;
    for (const term of terms) {
      for (const page of [
        { offset: 0, limit: 1 },
        { offset: 1, limit: 2 },
        { offset: 0, limit: 6, facets: false },
        { offset: 2, limit: 20, pricingTypes: ["FREEMIUM", "PAID"] },
        { offset: 0, limit: 20, categoryNames: ["Weather"], authTypes: ["apiKey"], facets: false },
      ]) {
        const input: SearchApisInput = { term, ...page };
        const onePass = await searchApis(db(), A, input, searchBackendFor(db()));
        const tiered = await searchApis(db(), A, input, searchBackendFor(db()), { onePassMaxMatches: 0 });
        expect([term, comparable(tiered)]).toEqual([term, comparable(onePass)]);
        compared += onePass.items.length;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it("counts documents whose facet combination has no code (SQLite ids carry at most 65,535 per tenant)", async () => {
    if (dialect !== "sqlite") return;
    // Use up tenant B's codes, then add an API with a new (category, pricing, auth) combination: it gets code 0.
    await sql`with recursive n(c) as (select (select coalesce(max(code), 0) from search_facet_codes where tenant_id = ${B}) + 1
        union all select c + 1 from n where c < 65535)
      insert into search_facet_codes (tenant_id, code, facet_key, category_id, pricing_type, auth_type)
      select ${B}, c, 'filler-' || c, null, 'FREE', null from n`.execute(db().kysely);
    const uncoded = await createTestApi(db(), B, {
      name: "Uncoded Weather",
      short_description: "Weather without a facet code",
      pricing_type: "PAID",
      auth_type: "OAuth",
      popularity: 2,
    });
    await syncSearchIndex(db(), B, searchBackendFor(db()));
    const doc = await db()
      .kysely.selectFrom("search_documents")
      .select("doc_id")
      .where("api_id", "=", uncoded.id)
      .executeTakeFirstOrThrow();
    expect(facetCodeOf(Number(doc.doc_id))).toBe(0);
    for (const input of [
      { term: "weather", offset: 0, limit: 10 },
      { term: "weather", offset: 0, limit: 10, facets: false, pricingTypes: ["PAID"] },
      { term: "weather", offset: 0, limit: 10, authTypes: ["OAuth"] },
    ]) {
      const onePass = await searchApis(db(), B, input, searchBackendFor(db()));
      const tiered = await searchApis(db(), B, input, searchBackendFor(db()), { onePassMaxMatches: 0 });
      expect(comparable(tiered)).toEqual(comparable(onePass));
    }
    const all = await searchApis(db(), B, { term: "weather", offset: 0, limit: 10 }, searchBackendFor(db()), {
      onePassMaxMatches: 0,
    });
    expect([all.total, all.facets.pricingTypes.map((f) => [f.value, f.count])]).toEqual([
      2,
      [
        ["FREE", 1],
        ["PAID", 1],
      ],
    ]);
    const paid = await searchApis(
      db(),
      B,
      {
        term: "weather",
        facets: false,
        pricingTypes: ["PAID"],
        offset: 0,
        limit: 5,
      },
      searchBackendFor(db()),
    );
    expect([paid.total, paid.items.map((i) => i.name)]).toEqual([1, ["Uncoded Weather"]]);
  });

  it("sorts by every sorting field, with a stable order", async () => {
    const sorted = (field: NonNullable<SearchApisInput["sort"]>[number]["field"], direction?: "ASC" | "DESC") =>
      names({
        term: "weather",
        sort: [{ field, direction: direction ?? (field === "NAME" || field === "LATENCY" ? "ASC" : "DESC") }],
      });
    expect(await sorted("NAME")).toEqual(["OpenWeatherMap", "Sunny Skies", "Weatherbit"]);
    expect(await sorted("NAME", "DESC")).toEqual(["Weatherbit", "Sunny Skies", "OpenWeatherMap"]);
    expect(await sorted("LATENCY")).toEqual(["Weatherbit", "OpenWeatherMap", "Sunny Skies"]);
    expect(await sorted("LATENCY", "DESC")).toEqual(["OpenWeatherMap", "Weatherbit", "Sunny Skies"]);
    expect(await sorted("RATING")).toEqual(["Weatherbit", "OpenWeatherMap", "Sunny Skies"]);
    // The popularity key puts documented APIs first (discoveryRankMilli): OpenWeatherMap has endpoints.
    expect(await sorted("POPULARITY")).toEqual(["OpenWeatherMap", "Sunny Skies", "Weatherbit"]);
    expect(await sorted("UPDATED")).toEqual(["OpenWeatherMap", "Sunny Skies", "Weatherbit"]);
    expect(await sorted("RELEVANCE")).toEqual(["OpenWeatherMap", "Weatherbit", "Sunny Skies"]);
    const byName = await searchApis(
      db(),
      A,
      {
        term: "weather",
        sort: [{ field: "NAME", direction: "ASC" }],
        offset: 0,
        limit: 5,
      },
      searchBackendFor(db()),
    );
    expect(byName.replicaIndex).toBe("apis_name_asc");
  });

  it("pages with offsets and caps the page size", async () => {
    const first = await searchApis(db(), A, { term: "weather", offset: 0, limit: 2 }, searchBackendFor(db()));
    const second = await searchApis(db(), A, { term: "weather", offset: 2, limit: 2 }, searchBackendFor(db()));
    expect(first.total).toBe(3);
    expect([...first.items, ...second.items].map((i) => i.name)).toEqual([
      "OpenWeatherMap",
      "Weatherbit",
      "Sunny Skies",
    ]);
    expect(
      (await searchApis(db(), A, { term: "weather", offset: 99, limit: 2 }, searchBackendFor(db()))).items,
    ).toEqual([]);
    expect((await searchApis(db(), A, { term: "", offset: 0, limit: 10_000 }, searchBackendFor(db()))).limit).toBe(50);
    expect(first.queryId).toMatch(/^[0-9a-f]{32}$/);
    expect(first.queryId).not.toBe(second.queryId);
    expect(first.replicaIndex).toBe("apis");
  });

  it("answers any term with results or an empty set, never an error", async () => {
    const nasty = [
      "NEAR(weather forecast, 2)",
      "weather AND NOT forecast OR *",
      "^weather",
      '"weather',
      "weather*",
      "'; drop table apis; --",
      "weather' OR '1'='1",
      "%_%",
      "\\",
      "//weather//",
      "🙂🌦️",
      "天气 Погода ñandú",
      "\u0000weather\u0007",
      "a:* & b | !c <-> d",
      "{weather}:forecast",
      "x".repeat(10_240),
      "weather ".repeat(2_000),
      "\uD800",
    ];
    for (const term of nasty) {
      const result = await searchApis(db(), A, { term, offset: 0, limit: 6 }, searchBackendFor(db()));
      expect(Array.isArray(result.items)).toBe(true);
      expect(result.term.length).toBeLessThanOrEqual(400);
      await searchResources(db(), A, { term, offset: 0, limit: 6 }, searchBackendFor(db()));
      await searchCollections(db(), A, { term, offset: 0, limit: 6 });
    }
    expect(await names({ term: "//weather//" })).toEqual(["OpenWeatherMap", "Weatherbit", "Sunny Skies"]);
    expect(await names({ term: "weather*" })).toEqual(["OpenWeatherMap", "Weatherbit", "Sunny Skies"]);
    expect(await names({ term: "🙂" })).toEqual([]);
  });

  it("searches resources (endpoints), each naming its API", async () => {
    const weather = await searchResources(db(), A, { term: "weather", offset: 0, limit: 10 }, searchBackendFor(db()));
    expect(weather.items.map((r) => `${r.method} ${r.path} ${r.api.name}`)).toEqual([
      "GET /data/2.5/weather OpenWeatherMap",
      "GET /data/2.5/forecast OpenWeatherMap",
    ]);
    const refunds = await searchResources(db(), A, { term: "refnds", offset: 0, limit: 10 }, searchBackendFor(db()));
    expect(refunds.items.map((r) => `${r.method} ${r.path} ${r.api.slug}`)).toEqual([
      `GET /v1/refunds ${apis.payflow?.slug}`,
    ]);
    expect((await searchResources(db(), A, { term: "", offset: 0, limit: 10 }, searchBackendFor(db()))).total).toBe(0);
  });

  it("searches collections by name and description, with typos", async () => {
    const titles = async (term: string) =>
      (await searchCollections(db(), A, { term, offset: 0, limit: 10 })).items.map((c) => c.name);
    expect(await titles("wether")).toEqual(["Weather Essentials"]);
    expect(await titles("translate")).toEqual(["Language Tools"]);
    expect(await titles("forecast")).toEqual(["Weather Essentials"]);
    expect(await titles("")).toEqual(["Weather Essentials", "Language Tools"]);
    expect(await titles("zzz")).toEqual([]);
  });

  it("lists only visible tag definitions", async () => {
    expect((await listVisibleTags(db(), A)).map((t) => [t.name, t.values])).toEqual([["Auth", ["OAuth", "apiKey"]]]);
    expect(await listVisibleTags(db(), B)).toEqual([]);
  });

  it("finds exactly the vocabulary words in a typo range, on both engines", async () => {
    const words = (
      await db().kysely.selectFrom("search_vocabulary").select("term").where("tenant_id", "=", A).execute()
    ).map((r) => r.term);
    expect(words).toContain("weather");
    for (const typed of ["wether", "transalte", "weat", "frcast", "payments", "xyzw"]) {
      const range = typoCandidateRange(typed);
      if (!range) throw new Error(`no range for ${typed}`);
      const expected = words
        .filter((w) => w.length >= range.minLength && w.length <= range.maxLength)
        .filter((w) => w.startsWith(range.prefix) || w.endsWith(range.suffix))
        .sort();
      const got = (await searchBackendFor(db()).typoCandidates(db(), A, [range])).sort();
      expect(got).toEqual(expected);
    }
  });

  it("keeps the index in step with catalog writes (triggers queue, search rebuilds)", async () => {
    await db()
      .kysely.updateTable("apis")
      .set({ name: "Lingua Weather" })
      .where("id", "=", apis.lingua?.id ?? "")
      .execute();
    expect(await names({ term: "weather" })).toEqual(["OpenWeatherMap", "Weatherbit", "Lingua Weather", "Sunny Skies"]);
    await db()
      .kysely.updateTable("apis")
      .set({ visibility: "PRIVATE" })
      .where("id", "=", apis.weatherbit?.id ?? "")
      .execute();
    expect(await names({ term: "weather" })).toEqual(["OpenWeatherMap", "Lingua Weather", "Sunny Skies"]);
    await db()
      .kysely.updateTable("apis")
      .set({ visibility: "PUBLIC" })
      .where("id", "=", apis.weatherbit?.id ?? "")
      .execute();
    await db()
      .kysely.updateTable("categories")
      .set({ name: "Meteorology" })
      .where("slug", "=", "weather")
      .where("tenant_id", "=", A)
      .execute();
    expect(await names({ term: "meteorology" })).toEqual(["OpenWeatherMap", "Sunny Skies", "Weatherbit"]);
    await db()
      .kysely.insertInto("api_endpoints")
      .values({
        id: "end-new-tides",
        tenant_id: A,
        api_id: apis.sunny?.id ?? "",
        version_id: apis.owm?.versionId ?? "",
        method: "GET",
        path: "/tides",
        summary: "Tide tables",
        operation_id: null,
        description: null,
        tags_json: "[]",
        parameters_json: "[]",
        request_body_json: null,
        responses_json: "{}",
        security_json: null,
        position: 9,
      })
      .execute();
    // The endpoint belongs to another API's version, so it is not part of Sunny's current spec: not indexed for Sunny.
    expect(await names({ term: "tides" })).toEqual([]);
    await db()
      .kysely.deleteFrom("apis")
      .where("id", "=", apis.lingua?.id ?? "")
      .execute();
    expect(await syncSearchIndex(db(), A, searchBackendFor(db()))).toBeGreaterThan(0);
    expect(await names({ term: "lingua" })).toEqual([]);
    await reindexApi(db(), A, apis.owm?.id ?? "", searchBackendFor(db()));
    expect(await rebuildSearchIndex(db(), A, searchBackendFor(db()))).toBe(7);
    expect(await names({ term: "weather" })).toEqual(["OpenWeatherMap", "Weatherbit", "Sunny Skies"]);
  });
});
