import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import type { McpTool } from "../../core/mcp/mcp-tools";
import { ToolArgumentError, toolRequest } from "../../core/mcp/tool-request";
import { CallGrant, type Gateway } from "../gateway-call";
import { type InternalAnswer, type InternalCallInput, type LeaveWatch, runThroughGateway } from "./internal-call";
import { GATEWAY_REFUSED } from "./mcp-refusals";
import { toolResult } from "./tool-result";

/*
 * The MCP server of one session: tools/list from the session's tools (one API's, or every API of the app's,
 * namespaced), tools/call as a gateway call through the stages. A bad name, arguments that fail the tool's schema or
 * are too large get JSON-RPC errors before anything reaches the upstream.
 */

/** Tools per tools/list page (clients follow nextCursor). */
export const TOOLS_PAGE_SIZE = 250;

/** A tool as the session offers it: its name there and the API it calls. */
export interface SessionTool {
  name: string;
  tool: McpTool;
  owner: string;
  slug: string;
}

/**
 * What a request of the session carries beyond the JSON-RPC message (set by the endpoint from the HTTP request): where
 * it came from, and what the endpoint checked for it (the key's row, and a one-API session's API and subscription).
 */
export interface RequestOrigin {
  clientIp: string;
  host: string;
  grant: CallGrant;
}

/**
 * The HTTP request's origin, which the endpoint passes to the SDK's handler as the request's auth info
 * (authInfo.extra); null when it is not there (a request the endpoint did not check cannot call a tool).
 */
export function originOf(info: Record<string, unknown> | undefined): RequestOrigin | null {
  const grant = info?.grant;
  if (!(grant instanceof CallGrant)) return null;
  return {
    clientIp: typeof info?.clientIp === "string" ? info.clientIp : "",
    host: typeof info?.host === "string" ? info.host : "",
    grant,
  };
}

const validators = new WeakMap<McpTool, JsonSchemaValidator<unknown>>();
const ajv = new AjvJsonSchemaValidator();

function validatorOf(tool: McpTool): JsonSchemaValidator<unknown> {
  let validator = validators.get(tool);
  if (!validator) {
    try {
      validator = ajv.getValidator<unknown>(tool.inputSchema);
    } catch {
      // A schema ajv cannot compile (odd spec keywords): only the object shape is checked; the upstream validates.
      validator = (input: unknown) =>
        typeof input === "object" && input !== null && !Array.isArray(input)
          ? { valid: true, data: input, errorMessage: undefined }
          : { valid: false, data: undefined, errorMessage: "arguments must be an object" };
    }
    validators.set(tool, validator);
  }
  return validator;
}

function asTool(entry: SessionTool): Tool {
  return {
    name: entry.name,
    description: entry.tool.description,
    inputSchema: entry.tool.inputSchema as Tool["inputSchema"],
    annotations: {
      title: `${entry.tool.method} ${entry.tool.path}`,
      readOnlyHint: entry.tool.method === "GET" || entry.tool.method === "HEAD",
      openWorldHint: true,
    },
  };
}

function refusal(answer: InternalAnswer): McpError {
  let code = "";
  let message = `The gateway refused the call (HTTP ${answer.status})`;
  try {
    const parsed: unknown = JSON.parse(answer.body.toString("utf8"));
    if (typeof parsed === "object" && parsed !== null && "error" in parsed) {
      const error = parsed.error;
      if (typeof error === "object" && error !== null) {
        if ("message" in error && typeof error.message === "string") message = error.message;
        if ("code" in error && typeof error.code === "string") code = error.code;
      }
    }
  } catch {
    // Not the gateway's JSON: the generic message stands.
  }
  const data: Record<string, unknown> = { status: answer.status, code, reason: answer.reason };
  const retryAfter = answer.header("retry-after");
  if (retryAfter) data.retryAfterSeconds = Number(retryAfter);
  return new McpError(GATEWAY_REFUSED, message, data);
}

const indexes = new WeakMap<SessionTool[], Map<string, SessionTool>>();

/** The tool of that name in a session's list (an index kept per list: a 1,000-tool API was a linear scan per call). */
function toolByName(tools: SessionTool[], name: string): SessionTool | undefined {
  let index = indexes.get(tools);
  if (!index) {
    index = new Map(tools.map((t) => [t.name, t]));
    indexes.set(tools, index);
  }
  return index.get(name);
}

export interface ToolServerDeps {
  gateway: Gateway;
  tools: () => SessionTool[] | Promise<SessionTool[]>;
  version: string;
}

/** How a tools/call ends: the API's answer, or the error to answer (an McpError for what the caller got wrong). */
export type ToolCallDone = (error: unknown, answer: InternalAnswer | null) => void;

/**
 * One tools/call: the tool looked up by name, the arguments bounded and checked against the tool's schema (a compiled
 * validator kept per tool), then the HTTP request run through the gateway's stages; `done` gets the answer, or an
 * McpError for what the caller got wrong and for the gateway's refusals. A callback rather than a promise: the
 * endpoint's direct path answers through it without a promise per step (the SDK's handler wraps it in one: callTool).
 */
export function startToolCall(
  deps: ToolServerDeps,
  params: { name: string; arguments?: Record<string, unknown> },
  origin: RequestOrigin,
  onLeave: LeaveWatch | undefined,
  done: ToolCallDone,
): void {
  const tools = deps.tools();
  if (tools instanceof Promise) {
    tools.then(
      (list) => runTool(deps, list, params, origin, onLeave, done),
      (error: unknown) => done(error, null),
    );
  } else {
    runTool(deps, tools, params, origin, onLeave, done);
  }
}

function runTool(
  deps: ToolServerDeps,
  tools: SessionTool[],
  params: { name: string; arguments?: Record<string, unknown> },
  origin: RequestOrigin,
  onLeave: LeaveWatch | undefined,
  done: ToolCallDone,
): void {
  let input: InternalCallInput;
  try {
    input = toolCallInput(deps, tools, params, origin);
  } catch (error) {
    done(error, null);
    return;
  }
  runThroughGateway(deps.gateway, input, origin.grant, onLeave, (answer) => {
    if (answer.answered) done(null, answer);
    else done(refusal(answer), null);
  });
}

/** The gateway call a tools/call makes; throws McpError for an unknown tool and for arguments that do not fit it. */
function toolCallInput(
  deps: ToolServerDeps,
  tools: SessionTool[],
  params: { name: string; arguments?: Record<string, unknown> },
  origin: RequestOrigin,
): InternalCallInput {
  const name = params.name;
  const entry = toolByName(tools, name);
  if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  const args = params.arguments ?? {};
  // The message carrying the arguments is bounded by the endpoint (the body limit and a little room), so the schema
  // check runs on bounded input; the request they make is measured once built (not serialized a second time for it).
  const checked = validatorOf(entry.tool)(args);
  if (!checked.valid) {
    throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for tool ${name}: ${checked.errorMessage}`);
  }
  let http: ReturnType<typeof toolRequest>;
  try {
    http = toolRequest(entry.tool, args);
  } catch (error) {
    if (error instanceof ToolArgumentError) throw new McpError(ErrorCode.InvalidParams, error.message);
    throw error;
  }
  const max = deps.gateway.maxBodyBytes;
  if ((http.body === null ? 0 : Buffer.byteLength(http.body)) + http.pathAndQuery.length > max) {
    throw new McpError(ErrorCode.InvalidParams, `Arguments larger than ${max} bytes`);
  }
  // No key or tenant header: the grant carries what the endpoint checked, and the proxy never forwards them anyway.
  const rawHeaders = ["host", origin.host, "accept", "application/json", "user-agent", "portico-mcp"];
  if (http.body !== null) rawHeaders.push("content-type", "application/json");
  for (const [header, value] of http.headers) rawHeaders.push(header, value);
  return {
    method: http.method,
    url: `${apiPrefixOf(entry)}${http.pathAndQuery}`,
    rawHeaders,
    body: http.body,
    clientIp: origin.clientIp,
  };
}

const prefixes = new WeakMap<SessionTool, string>();

/** "/{owner}/{slug}" of a tool's API, encoded once per session tool. */
function apiPrefixOf(entry: SessionTool): string {
  let prefix = prefixes.get(entry);
  if (prefix === undefined) {
    prefix = `/${encodeURIComponent(entry.owner)}/${encodeURIComponent(entry.slug)}`;
    prefixes.set(entry, prefix);
  }
  return prefix;
}

/** One tools/call as the SDK's handler answers it. */
export function callTool(
  deps: ToolServerDeps,
  params: { name: string; arguments?: Record<string, unknown> },
  origin: RequestOrigin,
  onLeave?: LeaveWatch,
): Promise<CallToolResult> {
  return new Promise((resolve, reject) => {
    startToolCall(deps, params, origin, onLeave, (error, answer) => {
      if (error !== null || answer === null) reject(error);
      else {
        try {
          resolve(toolResult(answer));
        } catch (failure) {
          reject(failure);
        }
      }
    });
  });
}

export function createToolServer(deps: ToolServerDeps): Server {
  const server = new Server(
    { name: "portico-gateway", title: "Portico gateway", version: deps.version },
    { capabilities: { tools: { listChanged: true } } },
  );

  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const tools = await deps.tools();
    const cursor = request.params?.cursor;
    const start = cursor === undefined ? 0 : Number(cursor);
    if (!Number.isInteger(start) || start < 0 || start > tools.length) {
      throw new McpError(ErrorCode.InvalidParams, "Invalid cursor");
    }
    const page = tools.slice(start, start + TOOLS_PAGE_SIZE).map(asTool);
    const next = start + TOOLS_PAGE_SIZE;
    return next < tools.length ? { tools: page, nextCursor: String(next) } : { tools: page };
  });

  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const origin = originOf(extra.authInfo?.extra);
    if (!origin) throw new McpError(ErrorCode.InternalError, "The request was not checked by the gateway");
    return callTool(deps, request.params, origin, (onLeave) => {
      extra.signal.addEventListener("abort", onLeave, { once: true });
      return () => extra.signal.removeEventListener("abort", onLeave);
    });
  });

  return server;
}
