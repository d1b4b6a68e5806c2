import type { IncomingHttpHeaders } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../tests/db-dialects";
import { createGatewayFixture, type GatewayFixture } from "../../../tests/factories/gateway";
import { userContext } from "../../../tests/factories/viewers";
import { startTestGateway, startUpstream } from "../../../tests/test-gateway";
import { getViewer } from "../../core/accounts/accounts.service";
import { providerAnalytics } from "../../core/analytics/analytics.service";
import { searchRequestLog } from "../../core/analytics/request-log.service";
import { importApiSpec } from "../../core/api-specs/api-specs.service";
import { revokeAppKey } from "../../core/apps/apps.service";
import { setMcpToolSetting } from "../../core/mcp/mcp-tools.service";
import { countRecordsByReason } from "../../core/metering/metering.queries";
import { decideSubscription } from "../../core/subscriptions/subscriptions.service";
import type { RunningGateway } from "../gateway-server";

/*
 * The SDK's own client against the running gateway: tools from the current spec version, calls through the stages
 * (metered, counted, refused with the gateway's messages), sessions that cannot change key or API, list_changed when a
 * new version is imported.
 */

let database: TestDatabase;
let gateway: RunningGateway;
let upstream: Awaited<ReturnType<typeof startUpstream>>;
const seen: Array<{ url: string; method: string; headers: IncomingHttpHeaders; body: string }> = [];

function spec(version: string, extra = ""): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Items", version },
    servers: [{ url: "https://items.example.com/v1" }],
    paths: {
      "/items": {
        get: {
          operationId: "listItems",
          summary: "List items",
          parameters: [{ name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 50 } }],
          responses: { "200": { description: "ok" } },
        },
        post: {
          operationId: "createItem",
          summary: "Create an item",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Item" } } },
          },
          responses: { "201": { description: "created" } },
        },
      },
      "/items/{id}": {
        get: {
          operationId: "getItem",
          summary: "One item",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "ok" } },
        },
      },
      ...(extra
        ? {
            [`/${extra}`]: {
              get: { operationId: extra, summary: `The ${extra}`, responses: { "200": { description: "ok" } } },
            },
          }
        : {}),
    },
    components: {
      schemas: {
        Item: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string" },
            children: { type: "array", items: { $ref: "#/components/schemas/Item" } },
          },
        },
      },
    },
  });
}

async function importAs(f: GatewayFixture, text: string): Promise<void> {
  const owner = await getViewer(database.db, f.tenantId, f.providerId);
  await importApiSpec({ db: database.db, tenantId: f.tenantId, viewer: owner }, f.api.id, { text });
}

async function connect(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "portico-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

function mcpUrl(f: GatewayFixture): string {
  return `${gateway.url}/_mcp${f.basePath}`;
}

/** A plain gateway call's refusal, to compare an MCP refusal's message with. */
async function plainRefusal(f: GatewayFixture, path: string): Promise<{ status: number; message: string }> {
  const res = await request(`${gateway.url}${f.basePath}${path}`, {
    headers: { "x-api-key": f.key, "x-tenant-id": f.tenantId },
  });
  const body = JSON.parse(await res.body.text()) as { error: { message: string } };
  return { status: res.statusCode, message: body.error.message };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

beforeAll(async () => {
  database = await openTestDatabase("sqlite");
  upstream = await startUpstream((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({
        url: req.url ?? "",
        method: req.method ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  gateway = await startTestGateway(database.db);
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
  await database?.dispose();
});

describe("MCP on the gateway: one API", () => {
  let f: GatewayFixture;
  let client: Client;

  beforeAll(async () => {
    f = await createGatewayFixture(database.db, {
      upstreamUrl: `${upstream.url}/v1`,
      plan: { quota: 3, quotaPeriod: "day", hardLimit: true },
    });
    await importAs(f, spec("1.0.0"));
    client = await connect(mcpUrl(f), { "x-api-key": f.key, "x-tenant-id": f.tenantId });
  });

  afterAll(async () => {
    await client?.close();
  });

  it("lists one tool per operation of the current version, with $refs resolved and the cycle cut", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["createItem", "getItem", "listItems"]);
    const create = tools.find((t) => t.name === "createItem");
    expect(create?.description).toBe("Create an item");
    expect(create?.inputSchema.required).toEqual(["body"]);
    const body = create?.inputSchema.properties?.body as { properties: Record<string, { items?: unknown }> };
    expect(Object.keys(body.properties)).toEqual(["name", "children"]);
    expect(JSON.stringify(body.properties.children?.items)).toContain("Recursive");
    const get = tools.find((t) => t.name === "getItem");
    expect(get?.inputSchema.required).toEqual(["id"]);
  });

  it("calls a tool as a gateway call: the upstream sees the request, the answer comes back as MCP content", async () => {
    seen.length = 0;
    const result = await client.callTool({ name: "getItem", arguments: { id: "a b" } });
    expect(seen[0]?.url).toBe("/v1/items/a%20b");
    expect(seen[0]?.headers["x-portico-app"]).toBe(f.appId);
    expect(seen[0]?.headers["x-api-key"]).toBeUndefined();
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ ok: true, path: "/v1/items/a%20b" });
    const created = await client.callTool({ name: "createItem", arguments: { body: { name: "pen", children: [] } } });
    expect(created.isError).toBeUndefined();
    expect(seen[1]?.method).toBe("POST");
    expect(JSON.parse(seen[1]?.body ?? "{}")).toEqual({ name: "pen", children: [] });
  });

  it("refuses unknown tools and arguments that fail the schema with JSON-RPC errors, without calling upstream", async () => {
    seen.length = 0;
    const unknown = await rejection(client.callTool({ name: "dropTables", arguments: {} }));
    expect(unknown).toBeInstanceOf(McpError);
    expect(unknown.message).toContain("Unknown tool: dropTables");
    const invalid = await rejection(client.callTool({ name: "listItems", arguments: { limit: "many" } }));
    expect(invalid.message).toContain("Invalid arguments for tool listItems");
    const missing = await rejection(client.callTool({ name: "createItem", arguments: {} }));
    expect(missing.message).toContain("must have required property 'body'");
    // A path argument cannot add segments or climb out of the API's base path: the gateway refuses the address.
    const climbing = await rejection(client.callTool({ name: "getItem", arguments: { id: ".." } }));
    expect(climbing.message).toContain("Call APIs at /{owner}/{api-slug}/{path}");
    const slash = await rejection(client.callTool({ name: "getItem", arguments: { id: "a/../../admin" } }));
    expect(slash).toBeInstanceOf(McpError);
    const huge = await rejection(
      client.callTool({ name: "createItem", arguments: { body: { name: "x".repeat(11 * 1024 * 1024) } } }),
    );
    expect(huge.message).toMatch(/larger than|too large/i);
    expect(seen).toHaveLength(0);
  });

  it("meters the calls like any other, and answers a used-up quota with the gateway's own message", async () => {
    // Two calls went through above; the plan allows 3 a day.
    await client.callTool({ name: "listItems", arguments: { limit: 2 } });
    const refused = await rejection(client.callTool({ name: "listItems", arguments: {} }));
    expect(refused).toBeInstanceOf(McpError);
    const plain = await request(`${gateway.url}${f.basePath}/items`, {
      headers: { "x-api-key": f.key, "x-tenant-id": f.tenantId },
    });
    const plainText = await plain.body.text();
    expect(plain.statusCode).toBe(429);
    const message = (JSON.parse(plainText) as { error: { message: string } }).error.message;
    expect(refused.message).toContain(message);
    expect((refused as McpError).data).toMatchObject({ status: 429, reason: "quota_exceeded" });

    await gateway.flush();
    const reasons = await countRecordsByReason(database.db, f.tenantId, {
      from: 0,
      to: Date.now() + 60_000,
      apiId: f.api.id,
    });
    const count = (reason: string) => reasons.filter((r) => r.reason === reason).reduce((n, r) => n + r.count, 0);
    expect(count("ok")).toBe(3);
    expect(count("quota_exceeded")).toBe(2);
  });

  it("refuses a missing key, another tenant's key and a key not subscribed to the API with the gateway's messages", async () => {
    const missing = await rejection(connect(mcpUrl(f), { "x-tenant-id": f.tenantId }));
    expect(missing.message).toContain("Missing API key: send it in the X-Api-Key header");
    const other = await createGatewayFixture(database.db, { upstreamUrl: upstream.url });
    const crossTenant = await rejection(connect(mcpUrl(f), { "x-api-key": other.key, "x-tenant-id": f.tenantId }));
    expect(crossTenant.message).toContain("Invalid API key");
    const sameTenant = await createGatewayFixture(database.db, { upstreamUrl: upstream.url, tenantId: f.tenantId });
    const notSubscribed = await rejection(
      connect(mcpUrl(f), { "x-api-key": sameTenant.key, "x-tenant-id": f.tenantId }),
    );
    expect(notSubscribed.message).toContain("This app is not subscribed to this API: subscribe to a plan first");
  });

  it("accepts the key as a bearer token", async () => {
    const bearer = await connect(mcpUrl(f), { authorization: `Bearer ${f.key}`, "x-tenant-id": f.tenantId });
    expect((await bearer.listTools()).tools).toHaveLength(3);
    await bearer.close();
  });

  it("keeps a session to the key and API that opened it", async () => {
    const transport = client.transport as StreamableHTTPClientTransport;
    const sessionId = transport.sessionId ?? "";
    expect(sessionId).not.toBe("");
    const other = await createGatewayFixture(database.db, { upstreamUrl: upstream.url, tenantId: f.tenantId });
    const body = JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" });
    const headers = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-session-id": sessionId,
      "x-tenant-id": f.tenantId,
    };
    // The other app's key on its own API, with this session's id: not its session.
    const stolen = await request(`${gateway.url}/_mcp${other.basePath}`, {
      method: "POST",
      headers: { ...headers, "x-api-key": other.key },
      body,
    });
    expect(stolen.statusCode).toBe(404);
    expect(await stolen.body.text()).toContain("Session not found");
  });

  it("answers malformed JSON-RPC and oversized batches with JSON-RPC errors", async () => {
    const headers = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-api-key": f.key,
      "x-tenant-id": f.tenantId,
    };
    const malformed = await request(mcpUrl(f), { method: "POST", headers, body: "{not json" });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(await malformed.body.text())).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });
    const batch = JSON.stringify(
      Array.from({ length: 101 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "tools/list" })),
    );
    const tooMany = await request(mcpUrl(f), { method: "POST", headers, body: batch });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.parse(await tooMany.body.text())).toMatchObject({ jsonrpc: "2.0", error: {} });
  });

  it("answers bad tools/call messages inside a session with JSON-RPC errors, never calling upstream", async () => {
    const base = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-api-key": f.key,
      "x-tenant-id": f.tenantId,
    };
    const init = await request(mcpUrl(f), {
      method: "POST",
      headers: base,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
      }),
    });
    await init.body.text();
    const sessionId = String(init.headers["mcp-session-id"]);
    const headers = { ...base, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" };
    const post = async (message: unknown) => {
      const res = await request(mcpUrl(f), { method: "POST", headers, body: JSON.stringify(message) });
      const text = await res.body.text();
      return { status: res.statusCode, body: text ? (JSON.parse(text) as unknown) : null };
    };
    await post({ jsonrpc: "2.0", method: "notifications/initialized" });
    seen.length = 0;
    // Arguments that are not an object, a name that is not a string, an unknown tool, an unknown method.
    expect(
      await post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "getItem", arguments: "x" } }),
    ).toMatchObject({ body: { id: 2, error: { code: -32602 } } });
    expect(await post({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: 7 } })).toMatchObject({
      body: { id: 3, error: { code: -32602 } },
    });
    expect(
      await post({ jsonrpc: "2.0", id: "four", method: "tools/call", params: { name: "nope", arguments: {} } }),
    ).toMatchObject({
      status: 200,
      body: { id: "four", error: { code: -32602, message: expect.stringContaining("Unknown tool: nope") } },
    });
    expect(await post({ jsonrpc: "2.0", id: 5, method: "tools/destroy", params: {} })).toMatchObject({
      body: { id: 5, error: { code: -32601 } },
    });
    // Schema-failing arguments in a batch: each message gets its own error.
    const batch = await post([
      { jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "listItems", arguments: { limit: "many" } } },
      { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "getItem", arguments: {} } },
    ]);
    expect(batch.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 6, error: expect.objectContaining({ code: -32602 }) }),
        expect.objectContaining({ id: 7, error: expect.objectContaining({ code: -32602 }) }),
      ]),
    );
    // A tools/call without the Accept header the transport requires is refused as the SDK refuses it.
    const noAccept = await request(mcpUrl(f), {
      method: "POST",
      headers: { ...headers, accept: "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 8,
        method: "tools/call",
        params: { name: "getItem", arguments: { id: "1" } },
      }),
    });
    expect(noAccept.statusCode).toBe(406);
    await noAccept.body.text();
    expect(seen).toHaveLength(0);
    // A well-formed call in the same session reaches the gateway's stages: the plan's daily quota was used up above,
    // so the gateway's refusal comes back under the request's id.
    expect(
      await post({
        jsonrpc: "2.0",
        id: "nine",
        method: "tools/call",
        params: { name: "getItem", arguments: { id: "9" } },
      }),
    ).toMatchObject({
      status: 200,
      body: { jsonrpc: "2.0", id: "nine", error: { code: -32010, data: { status: 429 } } },
    });
    expect(seen).toHaveLength(0);
  });
});

describe("MCP on the gateway: tools follow the spec and the provider's settings", () => {
  it("tells connected clients the tool list changed when a new version is imported, and lists the new tools", async () => {
    const f = await createGatewayFixture(database.db, { upstreamUrl: `${upstream.url}/v1` });
    await importAs(f, spec("1.0.0"));
    const client = await connect(mcpUrl(f), { "x-api-key": f.key, "x-tenant-id": f.tenantId });
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain("reports");
    const changed = new Promise<void>((resolve) => {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
    });
    // The client opens its notification stream after initialization; give it a moment to be there.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await importAs(f, spec("1.1.0", "reports"));
    await changed;
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("reports");
    await client.close();
  });

  it("leaves out hidden operations and shows the provider's description", async () => {
    const f = await createGatewayFixture(database.db, { upstreamUrl: `${upstream.url}/v1` });
    await importAs(f, spec("1.0.0"));
    const owner = await getViewer(database.db, f.tenantId, f.providerId);
    await setMcpToolSetting(
      { db: database.db, tenantId: f.tenantId, viewer: owner },
      {
        apiId: f.api.id,
        endpoint: "POST /items",
        hidden: true,
      },
    );
    await setMcpToolSetting(
      { db: database.db, tenantId: f.tenantId, viewer: owner },
      {
        apiId: f.api.id,
        endpoint: "GET /items",
        hidden: false,
        description: "Lists the shop's items, newest first.",
      },
    );
    const client = await connect(mcpUrl(f), { "x-api-key": f.key, "x-tenant-id": f.tenantId });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["getItem", "listItems"]);
    expect(tools.find((t) => t.name === "listItems")?.description).toBe("Lists the shop's items, newest first.");
    // Hidden from MCP, still callable through the gateway: the API is not locked.
    const plain = await request(`${gateway.url}${f.basePath}/items`, {
      method: "POST",
      headers: { "x-api-key": f.key, "x-tenant-id": f.tenantId, "content-type": "application/json" },
      body: "{}",
    });
    expect(plain.statusCode).toBe(200);
    await plain.body.text();
    await client.close();
  });
});

describe("MCP on the gateway: one app, every API it subscribes to", () => {
  it("lists the tools of the app's APIs namespaced by API and calls them", async () => {
    const f = await createGatewayFixture(database.db, { upstreamUrl: `${upstream.url}/v1` });
    await importAs(f, spec("1.0.0"));
    const client = await connect(`${gateway.url}/_mcp`, { "x-api-key": f.key, "x-tenant-id": f.tenantId });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [`${f.api.slug}__createItem`, `${f.api.slug}__getItem`, `${f.api.slug}__listItems`].sort(),
    );
    seen.length = 0;
    const result = await client.callTool({ name: `${f.api.slug}__getItem`, arguments: { id: "3" } });
    expect(result.structuredContent).toEqual({ ok: true, path: "/v1/items/3" });
    expect(seen[0]?.headers["x-portico-subscription"]).toBe(f.subscriptionId);
    await client.close();
  });
});

describe("MCP on the gateway: a key or subscription that changes during a session", () => {
  it("refuses a one-API session's calls once its subscription is suspended or its key revoked, as the gateway does", async () => {
    const f = await createGatewayFixture(database.db, { upstreamUrl: `${upstream.url}/v1` });
    await importAs(f, spec("1.0.0"));
    const client = await connect(mcpUrl(f), { "x-api-key": f.key, "x-tenant-id": f.tenantId });
    seen.length = 0;
    await client.callTool({ name: "getItem", arguments: { id: "1" } });
    const provider = await userContext(database.db, f.tenantId, f.providerId);
    await decideSubscription(provider, f.subscriptionId, "suspend");
    const suspended = await rejection(client.callTool({ name: "getItem", arguments: { id: "2" } }));
    const plainSuspended = await plainRefusal(f, "/items/2");
    expect(plainSuspended.status).toBe(403);
    expect(suspended.message).toContain(plainSuspended.message);

    await decideSubscription(provider, f.subscriptionId, "reactivate");
    const again = await client.callTool({ name: "getItem", arguments: { id: "3" } });
    expect(again.structuredContent).toEqual({ ok: true, path: "/v1/items/3" });

    await revokeAppKey(await userContext(database.db, f.tenantId, f.consumerId), f.keyId);
    const revoked = await rejection(client.callTool({ name: "getItem", arguments: { id: "4" } }));
    const plainRevoked = await plainRefusal(f, "/items/4");
    expect(plainRevoked.status).toBe(401);
    expect(revoked.message).toContain(plainRevoked.message);
    // Only the two admitted calls reached the upstream.
    expect(seen.map((s) => s.url)).toEqual(["/v1/items/1", "/v1/items/3"]);
    await client.close().catch(() => undefined);
  });

  it("drops an API from an app session once its subscription is suspended: its tools go, a call never reaches it", async () => {
    const f = await createGatewayFixture(database.db, { upstreamUrl: `${upstream.url}/v1` });
    await importAs(f, spec("1.0.0"));
    const client = await connect(`${gateway.url}/_mcp`, { "x-api-key": f.key, "x-tenant-id": f.tenantId });
    const name = `${f.api.slug}__getItem`;
    expect((await client.listTools()).tools.map((t) => t.name)).toContain(name);
    await decideSubscription(await userContext(database.db, f.tenantId, f.providerId), f.subscriptionId, "suspend");
    seen.length = 0;
    // A client calling what it listed before the change: the app's tools no longer include that API's.
    const refused = await rejection(client.callTool({ name, arguments: { id: "1" } }));
    expect(refused).toBeInstanceOf(McpError);
    expect(refused.message).toContain(`Unknown tool: ${name}`);
    expect((await client.listTools()).tools).toEqual([]);
    expect(seen).toHaveLength(0);
    await client.close();
  });

  it("shows MCP calls in the request log and the provider's dashboard like plain calls", async () => {
    const f = await createGatewayFixture(database.db, { upstreamUrl: `${upstream.url}/v1` });
    await importAs(f, spec("1.0.0"));
    const client = await connect(mcpUrl(f), { "x-api-key": f.key, "x-tenant-id": f.tenantId });
    for (const id of ["1", "2", "3"]) await client.callTool({ name: "getItem", arguments: { id } });
    await client.close();
    await gateway.flush();
    const consumer = await getViewer(database.db, f.tenantId, f.consumerId);
    const log = await searchRequestLog(
      { db: database.db, tenantId: f.tenantId, viewer: consumer },
      { audience: "consumer", appId: f.appId, status: "2xx", range: { preset: "1h" } },
    );
    expect(log.rows).toHaveLength(3);
    expect(log.rows.every((r) => r.endpoint === "GET /items/{id}")).toBe(true);
    const owner = await getViewer(database.db, f.tenantId, f.providerId);
    const provider = await providerAnalytics(
      { db: database.db, tenantId: f.tenantId, viewer: owner },
      { apiId: f.api.id, range: { preset: "1h" } },
    );
    expect(provider.dashboard.totals).toMatchObject({ calls: 3, ok: 3 });
  });
});
