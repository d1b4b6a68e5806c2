import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { presentedKey } from "../common/presented-key";
import { type Config, publicBaseUrl } from "../config";
import { privateApiIdsFor } from "../core/access/private-apis.service";
import { compareApis } from "../core/catalog/compare.service";
import { AppError } from "../core/errors/app-error";
import { apiLlms } from "../core/llms/llms.service";
import {
  getPortalOperation,
  listPortalOperations,
  listPortalSubscriptions,
  type PortalCaller,
  portalCaller,
  portalUsage,
} from "../core/mcp/portal.service";
import type { Providers } from "../core/providers";
import { searchApis } from "../core/search/search.service";
import type { UseCaseContext } from "../core/use-case-context";
import type { Db } from "../db/connection";
import { PORTAL_TOOLS } from "./portal-mcp-tools";

/*
 * The portal MCP server at POST /gateway/mcp (beside /gateway/graphql, a path no username or page can take): the
 * catalog for agents, stateless (a server and transport per request, no session to keep between web instances), with
 * the web UI's rules from core (search, API page, reference, compare, the app's subscriptions and usage). Credentials
 * are headers only, never the session cookie: a page on another site cannot make a signed-in browser call it as its
 * user. A visitor sees public APIs; a key (X-Api-Key or Authorization: Bearer) is its app owner's view; a private
 * search token (X-Private-Apis-Token) opens the private APIs its user was given, as in the search box.
 */

export const PORTAL_MCP_PATH = "/gateway/mcp";

const api = z.string().min(3).max(200);
const args = {
  search_apis: z.object({
    term: z.string().max(10_000).optional(),
    categories: z.array(z.string().max(200)).max(20).optional(),
    first: z.number().int().min(1).max(50).optional(),
    offset: z.number().int().min(0).max(10_000).optional(),
  }),
  get_api: z.object({ api }),
  list_operations: z.object({
    api,
    query: z.string().max(200).optional(),
    offset: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(100).optional(),
  }),
  get_operation: z.object({ api, operation: z.string().min(1).max(200) }),
  compare_apis: z.object({ apis: z.array(api).min(2).max(4) }),
  my_subscriptions: z.object({}),
  my_usage: z.object({ days: z.number().int().min(1).max(90).optional() }),
} as const;

function header(req: FastifyRequest, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
}

function json(value: unknown): CallToolResult {
  const text = typeof value === "string" ? value : JSON.stringify(value, null, 1);
  const result: CallToolResult = { content: [{ type: "text", text }] };
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    result.structuredContent = value as Record<string, unknown>;
  }
  return result;
}

interface PortalDeps {
  db: Db;
  config: Config;
  providers: Providers;
}

async function runTool(
  deps: PortalDeps,
  req: FastifyRequest,
  ctx: UseCaseContext,
  caller: PortalCaller,
  name: string,
  raw: unknown,
): Promise<CallToolResult> {
  const tenant = req.tenant;
  const parse = <T extends z.ZodType>(schema: T): z.infer<T> => {
    const parsed = schema.safeParse(raw ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new McpError(
        ErrorCode.InvalidParams,
        `Invalid arguments for tool ${name}: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim(),
      );
    }
    return parsed.data;
  };
  const siteUrl = deps.config.PUBLIC_URL ? publicBaseUrl(deps.config) : `${req.protocol}://${req.host}`;
  const gatewayUrl = (deps.config.GATEWAY_PUBLIC_URL ?? `http://localhost:${deps.config.GATEWAY_PORT}`).replace(
    /\/+$/,
    "",
  );
  switch (name) {
    case "search_apis": {
      const a = parse(args.search_apis);
      const result = await searchApis(
        ctx.db,
        ctx.tenantId,
        {
          term: a.term,
          categoryNames: a.categories,
          // The search box's rule: public APIs, plus the private ones the caller was given.
          privateApiIds: await privateApiIdsFor(ctx.db, ctx.tenantId, ctx.viewer),
          facets: false,
          offset: a.offset ?? 0,
          limit: a.first ?? 10,
        },
        deps.providers.search,
      );
      return json({
        term: result.term,
        total: result.total,
        offset: result.offset,
        apis: result.items.map((hit) => ({
          api: `${hit.ownerUsername}/${hit.slug}`,
          name: hit.name,
          description: hit.shortDescription,
          category: hit.categoryName,
          pricing: hit.pricingType,
          visibility: hit.visibility,
          ...(tenant.config.switches.hideApiScores ? {} : { rating: hit.rating, popularity: hit.popularity }),
          url: `${siteUrl}/${encodeURIComponent(hit.ownerUsername)}/api/${encodeURIComponent(hit.slug)}`,
          matchedOperation: hit.matchedEndpoint,
        })),
      });
    }
    case "get_api": {
      const a = parse(args.get_api);
      const [owner = "", slug = ""] = a.api.split("/");
      const text = await apiLlms(ctx, {
        siteUrl,
        gatewayUrl,
        owner,
        slug,
        format: "markdown",
        specDownload: tenant.config.switches.specsTab,
      });
      return json(text);
    }
    case "list_operations": {
      const a = parse(args.list_operations);
      return json(
        await listPortalOperations(ctx, { api: a.api, query: a.query, offset: a.offset ?? 0, limit: a.limit ?? 50 }),
      );
    }
    case "get_operation":
      return json(await getPortalOperation(ctx, parse(args.get_operation)));
    case "compare_apis": {
      const a = parse(args.compare_apis);
      const result = await compareApis(ctx, a.apis, {
        hideScores: tenant.config.switches.hideApiScores,
      });
      return json(result);
    }
    case "my_subscriptions":
      parse(args.my_subscriptions);
      return json({ subscriptions: await listPortalSubscriptions(ctx, caller) });
    case "my_usage":
      return json(await portalUsage(ctx, caller, { days: parse(args.my_usage).days ?? 30 }));
    default:
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  }
}

/** An AppError is the tool's error result (the agent reads it); anything else is the SDK's internal error. */
function asToolError(error: unknown): CallToolResult {
  if (error instanceof AppError) return { content: [{ type: "text", text: error.message }], isError: true };
  throw error;
}

function rpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .status(status)
    .header("cache-control", "no-store")
    .send({ jsonrpc: "2.0", error: { code, message }, id: null });
}

export function registerPortalMcp(app: FastifyInstance, deps: PortalDeps): void {
  app.route({
    url: PORTAL_MCP_PATH,
    method: ["GET", "POST", "DELETE"],
    bodyLimit: 256 * 1024,
    handler: async (req, reply) => {
      // Stateless: no session, so no GET stream and nothing to delete.
      if (req.method !== "POST") return rpcError(reply.header("allow", "POST"), 405, -32000, "Method not allowed");
      let caller: PortalCaller;
      try {
        caller = await portalCaller(deps.db, req.tenant.id, {
          key: presentedKey({ apiKey: header(req, "x-api-key"), authorization: header(req, "authorization") }),
          searchToken: header(req, "x-private-apis-token"),
        });
      } catch (error) {
        if (error instanceof AppError) return rpcError(reply, 401, -32010, error.message);
        throw error;
      }
      // Public mode off: the catalog is for signed-in users only, as in the web UI; here that is a key.
      if (!req.tenant.config.switches.publicMode && !caller.viewer) {
        return rpcError(reply, 401, -32010, "Sign in to see this catalog: present an API key");
      }
      const ctx: UseCaseContext = { db: deps.db, tenantId: req.tenant.id, viewer: caller.viewer };
      const server = new Server(
        { name: "portico-portal", title: "Portico catalog", version: "1" },
        { capabilities: { tools: {} } },
      );
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: PORTAL_TOOLS }));
      server.setRequestHandler(CallToolRequestSchema, (request) =>
        runTool(deps, req, ctx, caller, request.params.name, request.params.arguments).catch(asToolError),
      );
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      const headers = new Headers();
      for (const name of ["accept", "content-type", "mcp-protocol-version", "host"]) {
        const value = header(req, name);
        if (value) headers.set(name, value);
      }
      try {
        const response = await transport.handleRequest(
          new Request(`http://${req.host}${req.url}`, { method: "POST", headers }),
          { parsedBody: req.body },
        );
        reply.status(response.status).header("cache-control", "no-store");
        response.headers.forEach((value, name) => {
          reply.header(name, value);
        });
        return reply.send(response.status === 202 ? "" : await response.text());
      } finally {
        await server.close();
      }
    },
  });
}
