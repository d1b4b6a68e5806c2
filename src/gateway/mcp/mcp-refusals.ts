import type { ServerResponse } from "node:http";
import type { CallRefusal } from "../../core/subscriptions/call-access";

/*
 * MCP errors for what the gateway refuses. A refused tools/call is a JSON-RPC error with the gateway's own message and
 * its HTTP status and code in `data`; a request refused before any MCP message is handled (no key, a key not
 * subscribed to the API, an unknown session) gets the same JSON-RPC error in an HTTP answer with the gateway's status.
 */

/** JSON-RPC error code of a call the gateway refused (implementation-defined server error range). */
export const GATEWAY_REFUSED = -32010;
/** The session id is unknown here (expired, or opened on another gateway instance): the client starts a new one. */
export const SESSION_NOT_FOUND = -32011;

export const MCP_EXPOSED_HEADERS = "mcp-session-id, mcp-protocol-version, x-portico-request-id";

export function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  data?: Record<string, unknown>,
): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code, message, ...(data ? { data } : {}) }, id: null });
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "access-control-allow-origin": "*",
    "access-control-expose-headers": MCP_EXPOSED_HEADERS,
  });
  res.end(body);
}

/** A gateway refusal (call-access rules) as an MCP HTTP answer. */
export function sendRefusal(res: ServerResponse, refusal: CallRefusal): void {
  sendJsonRpcError(res, refusal.status, GATEWAY_REFUSED, refusal.message, {
    status: refusal.status,
    code: refusal.code,
    reason: refusal.reason,
  });
}
