import type { IncomingMessage, ServerResponse } from "node:http";
import { exchangeHooks, failUnexpectedly } from "./call-endings";
import {
  answerFromMockOrProxy,
  applyLimits,
  authenticateKey,
  checkAccess,
  checkBodySize,
  readRequest,
  resolveRoute,
} from "./call-stages";
import { type Gateway, GatewayCall, type HandlerDeps, type Stage } from "./gateway-call";
import { sendError, sendPreflight } from "./gateway-responses";

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

/**
 * Runs the stages from `from` on. A stage answered from memory continues in the same turn (the hot path: no promise
 * per call); one that waits for a lookup continues after it.
 */
function runStages(call: GatewayCall, gateway: Gateway, from: number): void | Promise<void> {
  for (let i = from; i < STAGES.length; i++) {
    const stage = STAGES[i];
    if (!stage) return;
    const next = stage(call, gateway);
    if (next === false) return;
    if (next !== true) return next.then((goOn) => (goOn ? runStages(call, gateway, i + 1) : undefined));
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function ignore(): void {}

/** The gateway's request handler: preflight and health answered here, every other request runs the stages. */
export function createGatewayHandler(deps: HandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const gateway: Gateway = { ...deps, hooks: exchangeHooks(deps) };
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
    const call = new GatewayCall(req, res);
    let pending: void | Promise<void>;
    try {
      pending = runStages(call, gateway, 0);
    } catch (error) {
      failUnexpectedly(call, gateway, error);
      return;
    }
    if (pending) pending.catch((error: unknown) => failUnexpectedly(call, gateway, error));
  };
}
