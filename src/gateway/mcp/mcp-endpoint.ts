import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { type McpScope, parseMcpPath } from "../../common/mcp-urls";
import type { McpTool } from "../../core/mcp/mcp-tools";
import type { GatewayChange } from "../../core/plans/gateway-changes";
import { keyRefusal, presentedKeyRefusal, subscriptionRefusal } from "../../core/subscriptions/call-access";
import { CallGrant, type Gateway } from "../gateway-call";
import type { GatewayApi, GatewayKey, GatewaySubscription } from "../gateway-directory";
import { TtlCache } from "../ttl-cache";
import { answerDirectCall, directToolCall, leaveWatchOf } from "./direct-call";
import { MCP_EXPOSED_HEADERS, SESSION_NOT_FOUND, sendJsonRpcError, sendRefusal } from "./mcp-refusals";
import {
  createToolServer,
  type RequestOrigin,
  type SessionTool,
  startToolCall,
  type ToolServerDeps,
} from "./mcp-tool-server";
import { namespacedTools } from "./namespaced-tools";
import { type McpRequestHeaders, presentedKey, readMcpHeaders } from "./request-headers";
import { toolResultJson } from "./tool-result";
import { bridgeRequest, NO_BODY, readJson } from "./web-bridge";

/*
 * The gateway's MCP endpoint (streamable HTTP, the official SDK's transport): sessions bound at initialization to a
 * tenant, a key and a scope (one API, or every API of the key's app). Every request presents the key again and is
 * checked with the gateway's own rules before the SDK sees it, so a session cannot move to another key, tenant or API.
 * Sessions live in this process (scale-out routes a session to its instance; an unknown id answers 404 and the client
 * starts a new session, as the MCP spec has it).
 */

export interface McpEndpoint {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** A control-plane change: tool caches dropped, sessions told their tool list changed. */
  changed(change: GatewayChange): void;
  close(): Promise<void>;
}

export interface McpEndpointDeps {
  /** The tools of an API's version (core's loadApiTools). */
  loadTools(tenantId: string, apiId: string, versionId: string | null): Promise<McpTool[]>;
  /** The APIs an app holds subscriptions to (owner, slug). */
  appApis(tenantId: string, appId: string): Promise<Array<{ owner: string; slug: string }>>;
  defaultTenantId: string;
  version: string;
  maxSessions?: number;
  idleMs?: number;
}

type Scope = { kind: "api"; apiId: string; owner: string; slug: string } | { kind: "app"; appId: string };

interface Session {
  id: string;
  tenantId: string;
  keyId: string;
  scope: Scope;
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  /** What the session's tools/call needs (the SDK's handler and the direct path share it). */
  toolDeps: ToolServerDeps;
  /** The direct path's answer headers beyond the body's type and length (flat name/value list, built once). */
  directHeaders: readonly string[];
  /** API ids the session's tools come from (for list_changed). */
  apiIds: Set<string>;
  lastSeen: number;
  /** The session's tool list until a change drops it (loaded at most once per change or minute). */
  tools: { at: number; list: Promise<SessionTool[]>; loaded: SessionTool[] | null } | null;
}

const TENANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

interface Granted {
  secret: string;
  grant: CallGrant;
  scope: Scope;
}

type MaybeGranted = Granted | null | Promise<Granted | null>;

/** One HTTP request to the endpoint, once checked: what every step of answering it needs. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  headers: McpRequestHeaders;
  granted: Granted;
}

async function settle<T>(value: T | Promise<T>): Promise<T> {
  return value instanceof Promise ? await value : value;
}

export function createMcpEndpoint(gateway: Gateway, deps: McpEndpointDeps): McpEndpoint {
  const sessions = new Map<string, Session>();
  const maxSessions = deps.maxSessions ?? 10_000;
  const idleMs = deps.idleMs ?? 30 * 60_000;
  const tools = new TtlCache<McpTool[]>(60_000, 2_000);
  // A message's arguments are bounded by the gateway's body limit; the JSON-RPC envelope gets a little room.
  const maxMessageBytes = gateway.maxBodyBytes + 64 * 1024;

  function apiTools(api: GatewayApi): McpTool[] | Promise<McpTool[]> {
    return tools.get(`${api.apiId}\u0000${api.versionId ?? ""}`, () =>
      deps.loadTools(api.tenantId, api.apiId, api.versionId),
    );
  }

  /** The session's tools now: its API's current version, or every API the app may call, namespaced. */
  async function sessionTools(session: Session): Promise<SessionTool[]> {
    const scope = session.scope;
    if (scope.kind === "api") {
      const api = await settle(gateway.directory.api(session.tenantId, scope.owner, scope.slug));
      if (!api) return [];
      return (await settle(apiTools(api))).map((tool) => ({
        name: tool.name,
        tool,
        owner: scope.owner,
        slug: scope.slug,
      }));
    }
    const groups: Array<{ owner: string; slug: string; tools: McpTool[] }> = [];
    const apiIds = new Set<string>();
    for (const ref of await deps.appApis(session.tenantId, scope.appId)) {
      const api = await settle(gateway.directory.api(session.tenantId, ref.owner, ref.slug));
      if (!api) continue;
      apiIds.add(api.apiId);
      const subscription = await settle(gateway.directory.subscription(session.tenantId, scope.appId, api.apiId));
      if (subscriptionRefusal(subscription)) continue;
      groups.push({ owner: ref.owner, slug: ref.slug, tools: await settle(apiTools(api)) });
    }
    session.apiIds = apiIds;
    return namespacedTools(groups);
  }

  /** The session's tools: the list itself once loaded (a tools/call then awaits nothing), else its promise. */
  function cachedTools(session: Session): SessionTool[] | Promise<SessionTool[]> {
    const now = Date.now();
    if (!session.tools || now - session.tools.at > 60_000) {
      const list = sessionTools(session);
      const entry: NonNullable<Session["tools"]> = { at: now, list, loaded: null };
      session.tools = entry;
      list.then(
        (loaded) => {
          entry.loaded = loaded;
        },
        () => {
          if (session.tools === entry) session.tools = null;
        },
      );
    }
    return session.tools.loaded ?? session.tools.list;
  }

  function toolsChanged(session: Session): void {
    session.tools = null;
    void session.server.sendToolListChanged().catch(() => undefined);
  }

  function evictIdle(now: number): void {
    for (const session of sessions.values()) {
      if (now - session.lastSeen > idleMs || sessions.size >= maxSessions) void closeSession(session);
      else break;
    }
  }

  async function closeSession(session: Session): Promise<void> {
    sessions.delete(session.id);
    try {
      await session.server.close();
    } catch {
      // Already closed.
    }
  }

  /**
   * parseMcpPath, remembered per URL (a session sends every request to the same one; the scopes are never changed).
   * Bounded: 1,000 URLs of at most 256 characters.
   */
  const paths = new Map<string, McpScope | null>();
  function mcpPathOf(url: string): McpScope | null {
    let path = paths.get(url);
    if (path === undefined) {
      path = parseMcpPath(url);
      if (url.length > 256) return path;
      if (paths.size >= 1_000) paths.clear();
      paths.set(url, path);
    }
    return path;
  }

  /**
   * The key and scope of the request, checked with the gateway's rules; null when refused (answered here). A value when
   * every lookup was a cache hit (the usual case: no promise and no microtask per request), else a promise of it.
   */
  function authorize(req: IncomingMessage, res: ServerResponse, headers: McpRequestHeaders): MaybeGranted {
    const path = mcpPathOf(req.url ?? "");
    if (!path) {
      sendJsonRpcError(res, 404, SESSION_NOT_FOUND, "MCP is served at /_mcp (your app) and /_mcp/{owner}/{api-slug}");
      return null;
    }
    const tenantId = headers.tenantId.trim() || deps.defaultTenantId;
    if (!TENANT_ID.test(tenantId)) {
      sendJsonRpcError(res, 400, -32600, "Invalid tenant id");
      return null;
    }
    const secret = presentedKey(headers);
    const presented = presentedKeyRefusal(secret);
    if (presented) {
      sendRefusal(res, presented);
      return null;
    }
    const keyFound = gateway.directory.key(tenantId, secret);
    return keyFound instanceof Promise
      ? keyFound.then((key) => withKey(res, tenantId, secret, path, key))
      : withKey(res, tenantId, secret, path, keyFound);
  }

  function withKey(
    res: ServerResponse,
    tenantId: string,
    secret: string,
    path: McpScope,
    key: GatewayKey | null,
  ): MaybeGranted {
    const refusedKey = keyRefusal(key, Date.now());
    if (refusedKey || !key) {
      if (refusedKey) sendRefusal(res, refusedKey);
      return null;
    }
    if (path.kind === "app") {
      return { secret, grant: new CallGrant(tenantId, key, null), scope: { kind: "app", appId: key.appId } };
    }
    const apiFound = gateway.directory.api(tenantId, path.owner, path.slug);
    return apiFound instanceof Promise
      ? apiFound.then((api) => withApi(res, tenantId, secret, path, key, api))
      : withApi(res, tenantId, secret, path, key, apiFound);
  }

  function withApi(
    res: ServerResponse,
    tenantId: string,
    secret: string,
    path: { owner: string; slug: string },
    key: GatewayKey,
    api: GatewayApi | null,
  ): MaybeGranted {
    if (!api) {
      sendJsonRpcError(res, 404, -32010, `No API at /${path.owner}/${path.slug}`, { status: 404, code: "NOT_FOUND" });
      return null;
    }
    const subscriptionFound = gateway.directory.subscription(tenantId, key.appId, api.apiId);
    return subscriptionFound instanceof Promise
      ? subscriptionFound.then((subscription) => withSubscription(res, tenantId, secret, path, key, api, subscription))
      : withSubscription(res, tenantId, secret, path, key, api, subscriptionFound);
  }

  function withSubscription(
    res: ServerResponse,
    tenantId: string,
    secret: string,
    path: { owner: string; slug: string },
    key: GatewayKey,
    api: GatewayApi,
    subscription: GatewaySubscription | null,
  ): Granted | null {
    const refusedSub = subscriptionRefusal(subscription);
    if (refusedSub) {
      sendRefusal(res, refusedSub);
      return null;
    }
    if (!subscription) return null;
    const { owner, slug } = path;
    return {
      secret,
      // What a tools/call of this request runs with: the key, API and subscription just looked up and checked.
      grant: new CallGrant(tenantId, key, { owner, slug, api, subscription }),
      scope: { kind: "api", apiId: api.apiId, owner, slug },
    };
  }

  function sameScope(a: Scope, b: Scope): boolean {
    if (a.kind === "app" || b.kind === "app")
      return a.kind === b.kind && a.kind === "app" && b.kind === "app" && a.appId === b.appId;
    return a.apiId === b.apiId;
  }

  function openSession(tenantId: string, key: GatewayKey, scope: Scope): Session {
    const id = randomUUID();
    const toolDeps: ToolServerDeps = {
      gateway,
      tools: () => cachedTools(session),
      version: deps.version,
    };
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      maxRequestBodySize: maxMessageBytes,
      // Answers as plain JSON (no SSE stream per call); notifications go out on the session's GET stream.
      enableJsonResponse: true,
      onsessioninitialized: () => {
        sessions.set(id, session);
      },
    });
    const session: Session = {
      id,
      tenantId,
      keyId: key.keyId,
      scope,
      transport,
      server: createToolServer(toolDeps),
      toolDeps,
      directHeaders: [
        "access-control-allow-origin",
        "*",
        "access-control-expose-headers",
        MCP_EXPOSED_HEADERS,
        "mcp-session-id",
        id,
      ],
      apiIds: new Set(scope.kind === "api" ? [scope.apiId] : []),
      lastSeen: Date.now(),
      tools: null,
    };
    transport.onclose = () => {
      sessions.delete(id);
    };
    return session;
  }

  function failed(res: ServerResponse, error: unknown): void {
    gateway.logger.error({ err: error }, "mcp request failed");
    sendJsonRpcError(res, 500, -32603, "Internal error");
  }

  /*
   * A request: checked (authorize), then given to its session. The path of a session's tools/call awaits nothing that
   * is already there (cache hits, a body received with its headers), so it costs no promise before the call itself;
   * what has to wait returns a promise.
   */
  function serve(req: IncomingMessage, res: ServerResponse): void | Promise<void> {
    const headers = readMcpHeaders(req.rawHeaders);
    const granted = authorize(req, res, headers);
    if (granted instanceof Promise) {
      return granted.then((found) => (found ? serveGranted(req, res, headers, found) : undefined));
    }
    if (granted) return serveGranted(req, res, headers, granted);
  }

  function serveGranted(
    req: IncomingMessage,
    res: ServerResponse,
    headers: McpRequestHeaders,
    granted: Granted,
  ): void | Promise<void> {
    const exchange: Exchange = { req, res, headers, granted };
    const sessionId = headers.sessionId.trim();
    if (!sessionId) return startSession(exchange);
    const { grant, scope } = granted;
    const session = sessions.get(sessionId);
    // Another key, tenant or scope: the session does not exist for this caller.
    if (
      !session ||
      session.tenantId !== grant.tenantId ||
      session.keyId !== grant.key.keyId ||
      !sameScope(session.scope, scope)
    ) {
      sendJsonRpcError(res, 404, SESSION_NOT_FOUND, "Session not found: start a new MCP session");
      return;
    }
    // Kept in least-recently-used order for evictIdle, to the second (a map reorder per call was measurable).
    const now = Date.now();
    if (now - session.lastSeen >= 1_000) {
      sessions.delete(sessionId);
      sessions.set(sessionId, session);
      session.lastSeen = now;
    }
    if (req.method !== "POST") return bridge(session, exchange, undefined);
    const body = readJson(req, res, maxMessageBytes, headers.contentLength);
    if (body instanceof Promise) return body.then((parsed) => answerPost(session, exchange, parsed));
    return answerPost(session, exchange, body);
  }

  /** A POST of an existing session: a tools/call answered directly, anything else by the SDK. */
  function answerPost(session: Session, exchange: Exchange, parsedBody: unknown): void | Promise<void> {
    if (parsedBody === NO_BODY) return;
    // A tools/call of an initialized session: answered without the SDK's per-message machinery (direct-call.ts).
    const call = directToolCall(exchange.headers, parsedBody);
    if (!call) return bridge(session, exchange, parsedBody);
    const deps = session.toolDeps;
    const origin = originOf(exchange);
    const res = exchange.res;
    answerDirectCall(
      res,
      call,
      (params, reply) =>
        startToolCall(deps, params, origin, leaveWatchOf(res), (error, answer) => {
          if (error !== null || answer === null) reply(error);
          else {
            try {
              reply(null, toolResultJson(answer));
            } catch (failure) {
              reply(failure);
            }
          }
        }),
      session.directHeaders,
    );
  }

  /** A request without a session id: a new session, kept once its initialization succeeded. */
  async function startSession(exchange: Exchange): Promise<void> {
    const { req, res, headers, granted } = exchange;
    if (req.method !== "POST") {
      sendJsonRpcError(res, 400, -32600, "Bad Request: Mcp-Session-Id header is required");
      return;
    }
    evictIdle(Date.now());
    const session = openSession(granted.grant.tenantId, granted.grant.key, granted.scope);
    await session.server.connect(session.transport);
    const body = readJson(req, res, maxMessageBytes, headers.contentLength);
    const parsedBody = body instanceof Promise ? await body : body;
    if (parsedBody !== NO_BODY) await bridge(session, exchange, parsedBody);
    // onsessioninitialized stored it when the initialization succeeded; otherwise it goes.
    if (!sessions.has(session.id)) await session.server.close();
  }

  function originOf({ req, headers, granted }: Exchange): RequestOrigin {
    return { clientIp: req.socket.remoteAddress ?? "", host: headers.host.trim(), grant: granted.grant };
  }

  /** The request through the SDK's transport (initialize, tools/list, notifications, the GET stream, DELETE...). */
  function bridge(session: Session, exchange: Exchange, parsedBody: unknown): Promise<void> {
    const extraHeaders = { "access-control-allow-origin": "*", "access-control-expose-headers": MCP_EXPOSED_HEADERS };
    const auth: AuthInfo = {
      token: exchange.granted.secret,
      clientId: exchange.granted.grant.key.appId,
      scopes: [],
      extra: { ...originOf(exchange) },
    };
    return bridgeRequest(session.transport, exchange.req, exchange.res, {
      authInfo: auth,
      maxBodyBytes: maxMessageBytes,
      extraHeaders,
      parsedBody,
    });
  }

  return {
    handle(req, res) {
      try {
        serve(req, res)?.catch((error: unknown) => failed(res, error));
      } catch (error) {
        failed(res, error);
      }
    },
    changed(change) {
      if (change.kind === "api") {
        tools.deleteWhere((_, key) => key.startsWith(`${change.apiId}\u0000`));
        for (const session of sessions.values()) {
          if (session.apiIds.has(change.apiId)) toolsChanged(session);
        }
      } else if (change.kind === "subscription" || change.kind === "app") {
        for (const session of sessions.values()) {
          if (session.scope.kind === "app" && session.scope.appId === change.appId) toolsChanged(session);
        }
      }
    },
    async close() {
      await Promise.all([...sessions.values()].map((s) => closeSession(s)));
    },
  };
}
