import type { ServerResponse } from "node:http";
import { ErrorCode, McpError, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { LeaveWatch } from "./internal-call";
import type { McpRequestHeaders } from "./request-headers";

/*
 * The direct path of a tools/call. Through the SDK a call cost four to five times a plain gateway call to the same
 * operation (bench/mcp.ts): a web Request per message, zod parses of the envelope and of the request, a request
 * AbortController, the result's validation, a Response built and read back. A well-formed single tools/call message
 * of an initialized session, with the headers the transport requires, is answered here instead, by the same tool
 * function the SDK's handler runs (startToolCall); everything else (initialize, tools/list, notifications, batches,
 * malformed messages, the GET stream, DELETE) still goes to the SDK, which answers it as before.
 */

/** The parts of a tools/call message the direct path needs. */
export interface DirectToolCall {
  id: string | number;
  /** The call's name and arguments, or the error its malformed params get. */
  params: { name: string; arguments?: Record<string, unknown> } | McpError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The last Accept, Content-Type and protocol version that passed (a client sends the same ones with every call). */
let passed = { accept: "", contentType: "", version: "" };

/** The transport's header checks: Accept lists JSON and SSE, the body is JSON, a known protocol version (or none). */
function transportHeadersFit(headers: McpRequestHeaders): boolean {
  const { accept, contentType, protocolVersion: version } = headers;
  if (accept === passed.accept && contentType === passed.contentType && version === passed.version) return true;
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) return false;
  if (!/^application\/json\s*(;|$)/i.test(contentType)) return false;
  if (version !== "" && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return false;
  passed = { accept, contentType, version };
  return true;
}

/**
 * The message as a tools/call the direct path may answer, or null for the SDK: the same header checks as the SDK's
 * transport (Accept lists JSON and SSE, the body is JSON, a known protocol version) and a JSON-RPC 2.0 request with an
 * id. Params the SDK's schema would refuse (name not a string, arguments not an object) come back as an McpError to
 * answer: the SDK answers them with code -32603 and a dump of its schema library's issues.
 */
export function directToolCall(headers: McpRequestHeaders, message: unknown): DirectToolCall | null {
  if (!isRecord(message) || message.method !== "tools/call" || message.jsonrpc !== "2.0") return null;
  const id = message.id;
  if (typeof id !== "string" && !(typeof id === "number" && Number.isInteger(id))) return null;
  const params = message.params;
  // The request's _meta (progress tokens) and task hints ask for what only the SDK implements.
  if (isRecord(params) && (params._meta !== undefined || params.task !== undefined)) return null;
  if (!transportHeadersFit(headers)) return null;
  if (!isRecord(params) || typeof params.name !== "string") {
    return {
      id,
      params: new McpError(ErrorCode.InvalidParams, "Invalid params: tools/call needs params.name, a string"),
    };
  }
  if (params.arguments !== undefined && !isRecord(params.arguments)) {
    return { id, params: new McpError(ErrorCode.InvalidParams, "Invalid params: arguments must be an object") };
  }
  return { id, params: { name: params.name, arguments: params.arguments } };
}

/** Stops watching when the answer went out; calls onLeave when the client closed the request before it. */
export function leaveWatchOf(res: ServerResponse): LeaveWatch {
  return (onLeave) => {
    const onClose = () => {
      if (!res.writableFinished) onLeave();
    };
    // on, not once: the watch always ends with the call (the returned function), and once wraps the listener anew.
    res.on("close", onClose);
    return () => res.off("close", onClose);
  };
}

/** How the direct path's call ends: the result as JSON text, or the error to answer. */
export type DirectReply = (error: unknown, resultJson?: string) => void;

/**
 * Runs the call and writes its JSON-RPC answer (a result, or the error the SDK would have sent for it). `run` replies
 * with the result as JSON text (toolResultJson): the envelope is put around it as text rather than serializing the
 * result object again. `headers` is a flat name/value list (the session's; the same for every call). The first reply
 * counts; a throw from `run` is its error.
 */
export function answerDirectCall(
  res: ServerResponse,
  call: DirectToolCall,
  run: (params: { name: string; arguments?: Record<string, unknown> }, reply: DirectReply) => void,
  headers: readonly string[],
): void {
  const params = call.params;
  if (params instanceof McpError) {
    writeAnswer(res, errorBody(call.id, params), headers);
    return;
  }
  let replied = false;
  const reply: DirectReply = (error, resultJson) => {
    if (replied) return;
    replied = true;
    const body =
      error === null && resultJson !== undefined
        ? `{"result":${resultJson},"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`
        : errorBody(call.id, error);
    writeAnswer(res, body, headers);
  };
  try {
    run(params, reply);
  } catch (error) {
    reply(error);
  }
}

/** As the SDK's protocol layer answers a handler's throw: an McpError keeps its code and data, anything else is an
 * internal error with its message. */
function errorBody(id: string | number, error: unknown): string {
  const mcp = error instanceof McpError;
  const code = mcp ? error.code : ErrorCode.InternalError;
  const message = error instanceof Error ? error.message : "Internal error";
  const data = mcp && error.data !== undefined ? { data: error.data } : {};
  return JSON.stringify({ jsonrpc: "2.0", id, error: { code, message, ...data } });
}

/** Writes the answer; runs in a microtask, so nothing may throw out of it (that would end the process). */
function writeAnswer(res: ServerResponse, body: string, headers: readonly string[]): void {
  if (res.destroyed || res.headersSent) return;
  try {
    res.writeHead(200, [
      ...headers,
      "content-type",
      "application/json",
      "content-length",
      String(Buffer.byteLength(body)),
    ]);
    res.end(body);
  } catch {
    res.destroy();
  }
}
