import type { IncomingMessage, ServerResponse } from "node:http";
import { MCP_PREFIX } from "../common/mcp-urls";
import { exchangeHooks, failUnexpectedly } from "./call-endings";
import type { CallRequest, CallResponse } from "./call-io";
import {
  answerFromMockOrProxy,
  applyLimits,
  authenticateKey,
  checkAccess,
  checkBodySize,
  readRequest,
  resolveRoute,
  withApi,
  withKey,
  withSub,
} from "./call-stages";
import { parseTarget } from "./call-target";
import {
  type CallGrant,
  type Gateway,
  GatewayCall,
  type HandlerDeps,
  readClientHeaders,
  type Stage,
} from "./gateway-call";
import { sendError, sendPreflight } from "./gateway-responses";
import type { McpEndpoint } from "./mcp/mcp-endpoint";

export type { HandlerDeps } from "./gateway-call";

/**
 * What every call goes through, in order (docs/decisions/038-gateway-pipeline.md). A stage that answers the call
 * (a refusal, the mock, the proxy) ends the list. Billing commits before the answer's first byte and the usage
 * record is written when the answer ends, whoever gave it (call-endings.ts).
 */
const STAGES: readonly Stage[] = [
  readRequest,
  resolveRoute,
  authenticateKey,
  checkAccess,
  checkBodySize,
  applyLimits,
  answerFromMockOrProxy,
];

/** The stages after the key, API and subscription are known (an MCP call of a one-API session). */
const ADMITTED_STAGES: readonly Stage[] = [checkBodySize, applyLimits, answerFromMockOrProxy];

/** The stages after the key is known (an MCP call of an app session: the tool's API is looked up and checked). */
const KEYED_STAGES: readonly Stage[] = [resolveRoute, checkAccess, ...ADMITTED_STAGES];

/**
 * Runs the stages from `from` on. A stage answered from memory continues in the same turn (the hot path: no promise
 * per call); one that waits for a lookup continues after it.
 */
function runStages(call: GatewayCall, gateway: Gateway, stages: readonly Stage[], from: number): void | Promise<void> {
  for (let i = from; i < stages.length; i++) {
    const stage = stages[i];
    if (!stage) return;
    const next = stage(call, gateway);
    if (next === false) return;
    if (next !== true) return next.then((goOn) => (goOn ? runStages(call, gateway, stages, i + 1) : undefined));
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function ignore(): void {}

/** The gateway's request handler: preflight and health answered here, every other request runs the stages. */
export function createGatewayHandler(
  deps: HandlerDeps,
  options: { mcp?: (gateway: Gateway) => McpEndpoint } = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const gateway: Gateway = { ...deps, hooks: exchangeHooks(deps) };
  // MCP lives under /_mcp, a path no API address can take (owners start with a letter or digit: decision 150).
  const mcp = options.mcp ? options.mcp(gateway) : null;
  return (req, res) => {
    req.on("error", ignore);
    res.on("error", ignore);
    if (req.method === "OPTIONS" && req.headers["access-control-request-method"]) {
      sendPreflight(res, first(req.headers["access-control-request-headers"]));
      return;
    }
    if (req.url === "/healthz") {
      sendError(res, "OK", "ok");
      return;
    }
    if (mcp && req.url?.startsWith(MCP_PREFIX)) {
      mcp.handle(req, res);
      return;
    }
    runCall(gateway, req, res);
  };
}

/** Runs one call through the stages: a request from the network, or an MCP tools/call (gateway/mcp). */
export function runCall(gateway: Gateway, req: CallRequest, res: CallResponse): GatewayCall {
  const call = new GatewayCall(req, res);
  try {
    watch(call, gateway, runStages(call, gateway, STAGES, 0));
  } catch (error) {
    failUnexpectedly(call, gateway, error);
  }
  return call;
}

/**
 * Runs an MCP tools/call whose key (and, for a one-API session, API and subscription) the MCP endpoint looked up for
 * this request: the stages take them from the grant instead of a second lookup, and core's rules are applied to them
 * here as the stages apply them (a revoked key or an ended subscription is refused the same way). The address rule,
 * the endpoint match, the body limit, the plan's limits and quota, billing and the usage record are the plain call's.
 */
export function runGrantedCall(gateway: Gateway, req: CallRequest, res: CallResponse, grant: CallGrant): GatewayCall {
  const call = new GatewayCall(req, res);
  try {
    watch(call, gateway, startGranted(call, gateway, grant));
  } catch (error) {
    failUnexpectedly(call, gateway, error);
  }
  return call;
}

function startGranted(call: GatewayCall, gateway: Gateway, grant: CallGrant): void | Promise<void> {
  const target = parseTarget(call.req.url ?? "/");
  if (!target) {
    sendError(call.res, "NOT_FOUND", "Call APIs at /{owner}/{api-slug}/{path}");
    return;
  }
  call.target = target;
  readClientHeaders(call);
  call.record.tenantId = grant.tenantId;
  const route = grant.route;
  if (route && route.owner === target.owner && route.slug === target.slug) {
    if (withApi(call, route.api) !== true) return;
    if (withKey(call, gateway, grant.key) !== true) return;
    if (withSub(call, gateway, route.subscription) !== true) return;
    return runStages(call, gateway, ADMITTED_STAGES, 0);
  }
  if (withKey(call, gateway, grant.key) !== true) return;
  return runStages(call, gateway, KEYED_STAGES, 0);
}

/** A stage that waited and then threw ends the call as any unexpected failure does. */
function watch(call: GatewayCall, gateway: Gateway, pending: void | Promise<void>): void {
  if (pending) pending.catch((error: unknown) => failUnexpectedly(call, gateway, error));
}
