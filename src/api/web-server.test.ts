import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../../tests/factories/apis";
import { createTestCategory } from "../../tests/factories/categories";
import { createTestTenant } from "../../tests/factories/tenants";
import { testProviders } from "../../tests/providers";
import { loadConfig } from "../config";
import { type Db, openDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { buildWebServer } from "./web-server";

let db: Db;
let app: FastifyInstance;

async function graphql(body: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: "POST",
    url: "/gateway/graphql",
    headers: { "content-type": "application/json", ...headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    json: response.json() as { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> },
  };
}

beforeAll(async () => {
  db = openDatabase({ databaseUrl: "sqlite::memory:", dataDir: "/tmp" });
  await migrateToLatest(db);
  await createTestTenant(db, { id: "1", config: { brandName: "Portico" } });
  await createTestTenant(db, { id: "2", config: { brandName: "Acme" } });
  const weather = await createTestCategory(db, "1", { name: "Weather", slug: "weather" });
  await createTestApi(db, "1", { name: "Sunny", slug: "sunny", category_id: weather.id });
  await createTestApi(db, "2", { name: "Secret Acme API", slug: "secret" });
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

describe("web server", () => {
  it("compresses answers over 1 KB for clients that accept it, brotli first, and leaves small ones alone", async () => {
    const metrics = await app.inject({ url: "/metrics", headers: { "accept-encoding": "gzip" } });
    expect(metrics.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(metrics.rawPayload).toString()).toContain("# TYPE");
    const brMetrics = await app.inject({ url: "/metrics", headers: { "accept-encoding": "br, gzip" } });
    expect(brMetrics.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brMetrics.rawPayload).toString()).toContain("# TYPE");
    const plain = await app.inject({ url: "/metrics" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const small = await app.inject({ url: "/healthz", headers: { "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ status: "ok" });
  });

  it("sets security headers on every response", async () => {
    const response = await app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{22}'/);
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("answers GET /gateway/csrf with data.csrfToken and an HttpOnly cookie", async () => {
    const response = await app.inject({ url: "/gateway/csrf" });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: { csrfToken: string } };
    expect(body.data.csrfToken).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(String(response.headers["set-cookie"])).toMatch(/portico_csrf=.*HttpOnly/);
  });

  it("exposes Prometheus metrics", async () => {
    const response = await app.inject({ url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("portico_http_requests_total");
  });

  it("refuses unknown and malformed tenants without falling back to another tenant", async () => {
    const unknown = await app.inject({ url: "/gateway/csrf", headers: { "x-tenant-id": "999" } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("Unknown tenant");
    const malformed = await app.inject({ url: "/gateway/csrf", headers: { "x-tenant-id": "1; drop table" } });
    expect(malformed.statusCode).toBe(400);
  });
});

describe("GraphQL", () => {
  it("reads the catalog of the tenant named by the header only", async () => {
    const one = await graphql({
      query: "{ apis(first: 10) { total nodes { name slugifiedName user { username } } } }",
    });
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.json.data)).toContain("Sunny");
    expect(JSON.stringify(one.json.data)).not.toContain("Secret Acme API");
    const two = await graphql({ query: "{ apis(first: 10) { total nodes { name } } }" }, { "x-tenant-id": "2" });
    expect(JSON.stringify(two.json.data)).toContain("Secret Acme API");
    expect(JSON.stringify(two.json.data)).not.toContain("Sunny");
  });

  it("pages with base64 offset cursors and rejects malformed ones", async () => {
    const page = await graphql({ query: "{ apis(first: 1) { pageInfo { hasNextPage endCursor } offset total } }" });
    expect(page.json.data).toMatchObject({
      apis: { offset: 0, pageInfo: { endCursor: Buffer.from("1").toString("base64") } },
    });
    const bad = await graphql({ query: '{ apis(first: 1, after: "%%%") { total } }' });
    expect(bad.json.errors?.[0]?.message).toContain("Invalid cursor");
    expect(bad.json.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
  });

  it("refuses introspection unless configured", async () => {
    const result = await graphql({ query: "{ __schema { types { name } } }" });
    expect(result.json.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it("limits tokens, depth and aliases", async () => {
    const many = `{ ${Array.from({ length: 1500 }, (_, i) => `a${i}: categories { id }`).join(" ")} }`;
    const tokens = await graphql({ query: many });
    expect(tokens.json.errors?.[0]?.message).toMatch(/token/i);
    const deep = `{ categories ${"{ id ".repeat(30)}${"}".repeat(30)} }`;
    const depth = await graphql({ query: deep });
    expect(depth.json.errors?.length).toBeGreaterThan(0);
    const aliases = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: categories { id }`).join(" ")} }`;
    const alias = await graphql({ query: aliases });
    expect(alias.json.errors?.[0]?.message).toMatch(/alias/i);
  });

  it("refuses batched requests, malformed JSON and oversized bodies with clear errors", async () => {
    const batch = await graphql([{ query: "{ categories { id } }" }, { query: "{ categories { id } }" }]);
    expect(batch.status).toBeGreaterThanOrEqual(400);
    const malformed = await graphql("{ not json");
    expect(malformed.status).toBe(400);
    const huge = await graphql({ query: `{ categories { id } } #${"x".repeat(300 * 1024)}` });
    expect(huge.status).toBe(413);
  });
});
