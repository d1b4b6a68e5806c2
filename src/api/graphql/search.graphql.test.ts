import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestTenant } from "../../../tests/factories/tenants";
import { testProviders } from "../../../tests/providers";
import { loadConfig } from "../../config";
import { type Db, openDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { CSRF_COOKIE, CSRF_HEADER } from "../csrf";
import { buildWebServer } from "../web-server";
import { encodeCursor } from "./cursor";

let db: Db;
let app: FastifyInstance;

interface GraphQLReply {
  status: number;
  json: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}

async function graphql(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GraphQLReply> {
  const response = await app.inject({
    method: "POST",
    url: "/gateway/graphql",
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify({ query, variables }),
  });
  return { status: response.statusCode, json: response.json() };
}

async function csrfHeaders(): Promise<Record<string, string>> {
  const response = await app.inject({ url: "/gateway/csrf" });
  const token = (response.json() as { data: { csrfToken: string } }).data.csrfToken;
  const cookie = String(response.headers["set-cookie"]).split(";")[0] ?? "";
  expect(cookie.startsWith(`${CSRF_COOKIE}=`)).toBe(true);
  return { [CSRF_HEADER]: token, cookie };
}

const SEARCH = /* GraphQL */ `
  query Search($term: String, $first: Int, $after: String, $orderBy: SearchOrderBy, $categoryNames: [String!]) {
    searchApis(term: $term, first: $first, after: $after, orderBy: $orderBy, categoryNames: $categoryNames) {
      nodes { id name slugifiedName user { username } matchedEndpoint { method path summary } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      queryID replicaIndex offset total term
      facets { categories { value label count } pricingTypes { value count } authTypes { value count } }
    }
  }
`;

beforeAll(async () => {
  db = openDatabase({ databaseUrl: "sqlite::memory:", dataDir: "/tmp" });
  await migrateToLatest(db);
  await createTestTenant(db, { id: "1" });
  await createTestTenant(db, { id: "2" });
  await createTestTenant(db, { id: "3" });
  const weather = await createTestCategory(db, "1", { name: "Weather", slug: "weather" });
  for (let i = 0; i < 8; i++) {
    await createTestApi(db, "1", {
      name: `Weather Station ${i}`,
      slug: `station-${i}`,
      category_id: weather.id,
      popularity: i,
      endpoints: [{ method: "GET", path: `/stations/${i}/readings`, summary: "Latest readings" }],
    });
  }
  await createTestApi(db, "2", { name: "Weather of tenant two", slug: "two" });
  // Tenant 3 has more APIs than the largest page, so the cap on `first` shows.
  for (let i = 0; i < 55; i++) await createTestApi(db, "3", { name: `Bulk ${i}`, slug: `bulk-${i}` });
  await db.kysely
    .insertInto("tag_definitions")
    .values([
      {
        id: "t-vis",
        tenant_id: "1",
        name: "Auth",
        values_json: '["OAuth"]',
        is_visible: 1,
        show_tag_name: 1,
        status: "ACTIVE",
        type: "LIST",
        color: "#0d93f2",
        description: null,
      },
      {
        id: "t-hid",
        tenant_id: "1",
        name: "Hidden",
        values_json: "[]",
        is_visible: 0,
        show_tag_name: 0,
        status: "ACTIVE",
        type: "LIST",
        color: null,
        description: null,
      },
    ])
    .execute();
  app = await buildWebServer({
    config: loadConfig({ LOG_LEVEL: "silent" }),
    db,
    logger: pino({ level: "silent" }),
    providers: testProviders(db),
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

describe("searchApis over GraphQL", () => {
  it("returns the spec's result set: nodes, pageInfo, queryID, replicaIndex, offset, total, plus facets", async () => {
    const { json } = await graphql(SEARCH, { term: "/weat/", first: 6 });
    expect(json.errors).toBeUndefined();
    const result = json.data?.searchApis as {
      nodes: Array<{ name: string; matchedEndpoint: unknown }>;
      pageInfo: { hasNextPage: boolean; endCursor: string };
      queryID: string;
      replicaIndex: string;
      offset: number;
      total: number;
      term: string;
      facets: { categories: Array<{ value: string; count: number }> };
    };
    expect(result.term).toBe("weat");
    expect(result.total).toBe(8);
    expect(result.nodes.map((n) => n.name)).toEqual([7, 6, 5, 4, 3, 2].map((i) => `Weather Station ${i}`));
    expect(result.pageInfo.hasNextPage).toBe(true);
    expect(result.pageInfo.endCursor).toBe(encodeCursor(6));
    expect(result.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(result.replicaIndex).toBe("apis");
    expect(result.facets.categories).toEqual([{ value: "Weather", label: "Weather", count: 8 }]);

    const next = await graphql(SEARCH, { term: "weat", first: 6, after: result.pageInfo.endCursor });
    const page2 = next.json.data?.searchApis as {
      nodes: Array<{ name: string }>;
      offset: number;
      pageInfo: { hasNextPage: boolean };
    };
    expect(page2.offset).toBe(6);
    expect(page2.nodes.map((n) => n.name)).toEqual(["Weather Station 1", "Weather Station 0"]);
    expect(page2.pageInfo.hasNextPage).toBe(false);
  });

  it("names the matching endpoint and sorts by the requested field", async () => {
    const { json } = await graphql(SEARCH, {
      term: "readings",
      first: 2,
      orderBy: { sortingFields: [{ fieldName: "NAME", by: "ASC" }] },
    });
    const result = json.data?.searchApis as {
      nodes: Array<{ name: string; matchedEndpoint: { path: string } }>;
      replicaIndex: string;
    };
    expect(result.nodes.map((n) => [n.name, n.matchedEndpoint.path])).toEqual([
      ["Weather Station 0", "/stations/0/readings"],
      ["Weather Station 1", "/stations/1/readings"],
    ]);
    expect(result.replicaIndex).toBe("apis_name_asc");
  });

  it("caps first, rejects a malformed cursor clearly, and survives hostile terms", async () => {
    const capped = await graphql(SEARCH, { term: "", first: 100_000 }, { "x-tenant-id": "3" });
    const page = capped.json.data?.searchApis as { nodes: unknown[]; total: number; pageInfo: { endCursor: string } };
    expect([page.nodes.length, page.total, page.pageInfo.endCursor]).toEqual([50, 55, encodeCursor(50)]);
    const rest = await graphql(SEARCH, { term: "", first: 100_000, after: encodeCursor(50) }, { "x-tenant-id": "3" });
    expect((rest.json.data?.searchApis as { nodes: unknown[] } | undefined)?.nodes).toHaveLength(5);
    for (const after of ["not a cursor!", encodeCursor(-1), Buffer.from("abc").toString("base64"), "x".repeat(65)]) {
      const reply = await graphql(SEARCH, { term: "weather", after });
      expect([after, reply.json.errors?.[0]?.extensions?.code]).toEqual([after, "BAD_REQUEST"]);
    }
    const bad = await graphql(SEARCH, { term: "weather", after: "not a cursor!" });
    expect(bad.json.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(bad.json.errors?.[0]?.message).toMatch(/cursor/i);
    for (const term of [
      'NEAR("a" b)',
      "x".repeat(10_240),
      "weather ".repeat(25_000),
      "'; drop table apis; --",
      "🙂",
      "*",
      '"',
    ]) {
      const reply = await graphql(SEARCH, { term });
      expect(reply.status).toBe(200);
      expect(reply.json.errors).toBeUndefined();
    }
  });

  it("answers the typeahead shape (no facets selected) with the same total", async () => {
    const { json } = await graphql(`{ searchApis(term: "weat", first: 6) { total nodes { name } } }`);
    const result = json.data?.searchApis as { total: number; nodes: unknown[] };
    expect([result.total, result.nodes.length]).toEqual([8, 6]);
  });

  it("keeps tenants apart", async () => {
    const { json } = await graphql(SEARCH, { term: "weather" }, { "x-tenant-id": "2" });
    expect((json.data?.searchApis as { nodes: Array<{ name: string }> } | undefined)?.nodes.map((n) => n.name)).toEqual(
      ["Weather of tenant two"],
    );
  });

  it("searches resources and collections, and lists visible tags only", async () => {
    const { json } = await graphql(`{
      searchResources(term: "stations 3", first: 5) { total nodes { method path summary api { name slugifiedName user { username } } } }
      searchCollections(term: "weather") { total nodes { name } }
      getTagsList { name color values isVisible }
    }`);
    expect(json.errors).toBeUndefined();
    const data = json.data as {
      searchResources: { total: number; nodes: Array<{ path: string; api: { name: string } }> };
      getTagsList: Array<{ name: string }>;
    };
    expect(data.searchResources.nodes.map((n) => `${n.path} ${n.api.name}`)).toEqual([
      "/stations/3/readings Weather Station 3",
    ]);
    expect(data.getTagsList).toEqual([{ name: "Auth", color: "#0d93f2", values: ["OAuth"], isVisible: true }]);
  });
});

describe("search analytics mutations", () => {
  const TRACK = /* GraphQL */ `
    mutation { trackSearchEvent(term: "Weather", total: 8, queryID: "abc") }
  `;
  const CLICK = /* GraphQL */ `
    mutation { trackSearchClick(productId: "api_1", searchIndex: "apis", position: 2, queryId: "abc") }
  `;

  it("requires the csrf-token header, like every mutation", async () => {
    const reply = await graphql(TRACK);
    expect(reply.status).toBe(419);
  });

  it("records Search and SearchClick events and validates them", async () => {
    const headers = await csrfHeaders();
    expect((await graphql(TRACK, {}, headers)).json.data).toEqual({ trackSearchEvent: true });
    expect((await graphql(CLICK, {}, headers)).json.data).toEqual({ trackSearchClick: true });
    const bad = await graphql(
      `mutation { trackSearchClick(productId: "api_1", searchIndex: "apis", position: 0, queryId: "abc") }`,
      {},
      headers,
    );
    expect(bad.json.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    const rows = await db.kysely
      .selectFrom("events")
      .select(["type", "payload", "tenant_id"])
      .orderBy("type")
      .execute();
    expect(rows.map((r) => [r.tenant_id, r.type, JSON.parse(r.payload)])).toEqual([
      ["1", "Search", { term: "weather", total: 8, queryID: "abc" }],
      ["1", "SearchClick", { product_id: "api_1", search_index: "apis", position: 2, query_id: "abc" }],
    ]);
  });

  it("counts a term once however often one signed-out client posts it (the admin's top terms)", async () => {
    const headers = await csrfHeaders();
    const spam = `mutation { trackSearchEvent(term: "Buy Followers", total: 0) }`;
    for (let i = 0; i < 20; i++) {
      expect((await graphql(spam, {}, headers)).json.data).toEqual({ trackSearchEvent: true });
    }
    const rows = await db.kysely.selectFrom("events").select(["payload"]).where("type", "=", "Search").execute();
    expect(rows.filter((r) => JSON.parse(r.payload).term === "buy followers")).toHaveLength(1);
  });
});
