import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../tests/db-dialects";
import { createTestApi, type TestApi } from "../../tests/factories/apis";
import { createGatewayFixture, type GatewayFixture } from "../../tests/factories/gateway";
import { userContext } from "../../tests/factories/viewers";
import { testProviders } from "../../tests/providers";
import { loadConfig } from "../config";
import { getPrivateApisJwt } from "../core/access/private-apis.service";
import { getViewer } from "../core/accounts/accounts.service";
import { createApp, createAppKey } from "../core/apps/apps.service";
import { NO_KEY_FOR_ACCOUNT } from "../core/mcp/portal.service";
import { PORTAL_MCP_PATH } from "./portal-mcp";
import { buildWebServer } from "./web-server";

/*
 * The portal MCP server with the SDK's own client, in the authorization style: a visitor sees public APIs only; the
 * owner's key or their private search token opens their private API; another tenant's key and token open nothing;
 * subscriptions and usage need the key and are that key's app's.
 */

describeEachDialect("portal MCP server", ({ db }) => {
  let app: FastifyInstance;
  let base: string;
  let a: GatewayFixture;
  let b: GatewayFixture;
  let hidden: TestApi;
  let ownerKey: string;
  let ownerToken: string;
  const clients: Client[] = [];

  async function connect(tenantId: string, headers: Record<string, string> = {}): Promise<Client> {
    const client = new Client({ name: "portal-test", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}${PORTAL_MCP_PATH}`), {
        requestInit: { headers: { "x-tenant-id": tenantId, ...headers } },
      }),
    );
    clients.push(client);
    return client;
  }

  async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  }

  function text(result: CallToolResult): string {
    const first = result.content[0];
    return first?.type === "text" ? first.text : "";
  }

  beforeAll(async () => {
    a = await createGatewayFixture(db(), { upstreamUrl: "http://127.0.0.1:9" });
    b = await createGatewayFixture(db(), { upstreamUrl: "http://127.0.0.1:9" });
    hidden = await createTestApi(db(), a.tenantId, {
      owner_id: a.providerId,
      name: "Quokka Ledger",
      short_description: "Private bookkeeping",
      visibility: "PRIVATE",
      endpoints: [{ method: "GET", path: "/entries", summary: "List entries" }],
    });
    const ownerApp = await createApp(await userContext(db(), a.tenantId, a.providerId), { name: "Owner app" });
    ownerKey = (await createAppKey(await userContext(db(), a.tenantId, a.providerId), ownerApp.id)).secret;
    const owner = await getViewer(db(), a.tenantId, a.providerId);
    ownerToken = (await getPrivateApisJwt({ db: db(), tenantId: a.tenantId, viewer: owner })).token;
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent" }),
      db: db(),
      logger: pino({ level: "silent" }),
      providers: testProviders(db()),
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await app?.close();
  });

  it("lets a visitor search and read public APIs without a key", async () => {
    const client = await connect(a.tenantId);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      "search_apis",
      "get_api",
      "list_operations",
      "get_operation",
      "compare_apis",
      "my_subscriptions",
      "my_usage",
    ]);
    const found = await call(client, "search_apis", { term: a.api.name });
    expect(found.structuredContent).toMatchObject({ apis: [{ api: `${a.api.ownerUsername}/${a.api.slug}` }] });
    const ref = `${a.api.ownerUsername}/${a.api.slug}`;
    const overview = await call(client, "get_api", { api: ref });
    expect(overview.isError).toBeFalsy();
    expect(text(overview)).toContain(a.api.name);
    const operations = await call(client, "list_operations", { api: ref });
    const listed = operations.structuredContent as { total: number; operations: Array<{ id: string; path: string }> };
    expect(listed.total).toBe(3);
    const one = listed.operations.find((o) => o.path === "/items/{id}");
    const detail = await call(client, "get_operation", { api: ref, operation: one?.id ?? "" });
    expect(detail.structuredContent).toMatchObject({ method: "GET", path: "/items/{id}" });
  });

  it("hides a private API from visitors, another tenant's key and token, exactly as the web UI does", async () => {
    const ref = `${a.api.ownerUsername}/${hidden.slug}`;
    const visitor = await connect(a.tenantId);
    expect((await call(visitor, "search_apis", { term: "Quokka" })).structuredContent).toMatchObject({ total: 0 });
    const overview = await call(visitor, "get_api", { api: ref });
    expect(overview.isError).toBe(true);
    expect(text(overview)).toBe("API not found");
    expect((await call(visitor, "list_operations", { api: ref })).isError).toBe(true);
    const compared = await call(visitor, "compare_apis", { apis: [`${a.api.ownerUsername}/${a.api.slug}`, ref] });
    expect(compared.structuredContent).toMatchObject({ problems: [{ ref, message: `No API found at ${ref}` }] });
    // The consumer's key: a user of the tenant who was not given the API.
    const consumer = await connect(a.tenantId, { "x-api-key": a.key });
    expect((await call(consumer, "search_apis", { term: "Quokka" })).structuredContent).toMatchObject({ total: 0 });
    // The owner's token presented to another tenant: nothing (and that tenant's key is invalid here).
    const elsewhere = await connect(b.tenantId, { "x-private-apis-token": ownerToken });
    expect((await call(elsewhere, "search_apis", { term: "Quokka" })).structuredContent).toMatchObject({ total: 0 });
    await expect(connect(a.tenantId, { "x-api-key": b.key })).rejects.toThrow(/Invalid API key/);
  });

  it("shows the private API to its owner's key (as a bearer token too) and to the owner's search token", async () => {
    const ref = `${a.api.ownerUsername}/${hidden.slug}`;
    const presented: Array<Record<string, string>> = [
      { "x-api-key": ownerKey },
      { authorization: `Bearer ${ownerKey}` },
      { "x-private-apis-token": ownerToken },
    ];
    for (const headers of presented) {
      const client = await connect(a.tenantId, headers);
      expect((await call(client, "search_apis", { term: "Quokka" })).structuredContent).toMatchObject({
        total: 1,
        apis: [{ api: ref, visibility: "PRIVATE" }],
      });
      expect(text(await call(client, "get_api", { api: ref }))).toContain("Quokka Ledger");
    }
  });

  it("lists the key's app's subscriptions and usage, and asks for a key without one", async () => {
    const consumer = await connect(a.tenantId, { authorization: `Bearer ${a.key}` });
    const subscriptions = await call(consumer, "my_subscriptions");
    expect(subscriptions.structuredContent).toMatchObject({
      subscriptions: [
        {
          id: a.subscriptionId,
          api: `${a.api.ownerUsername}/${a.api.slug}`,
          apiName: a.api.name,
          status: "subscribed",
        },
      ],
    });
    const usage = await call(consumer, "my_usage", { days: 7 });
    expect(usage.structuredContent).toMatchObject({ calls: 0, days: [] });
    // The owner's app holds no subscription: the owner's key lists none (not the consumer's).
    const owner = await connect(a.tenantId, { "x-api-key": ownerKey });
    expect((await call(owner, "my_subscriptions")).structuredContent).toEqual({ subscriptions: [] });
    const visitor = await connect(a.tenantId, { "x-private-apis-token": ownerToken });
    const refused = await call(visitor, "my_subscriptions");
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe(NO_KEY_FOR_ACCOUNT);
  });

  it("answers unknown tools and bad arguments with JSON-RPC errors", async () => {
    const client = await connect(a.tenantId);
    await expect(call(client, "drop_catalog")).rejects.toThrow(/Unknown tool: drop_catalog/);
    await expect(call(client, "compare_apis", { apis: ["one/api"] })).rejects.toThrow(/Invalid arguments/);
    await expect(call(client, "search_apis", { first: 5000 })).rejects.toThrow(/Invalid arguments/);
  });
});
