import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { sendJsonRpcError } from "./mcp-refusals";

/*
 * node:http to the SDK's web-standard transport and back, without the Hono adapter the SDK's Node transport wraps it
 * in: the body is read and parsed here (bounded) and handed over as parsedBody, the Request carries headers only,
 * and a JSON answer is written in one piece. The adapter's per-request Request/stream conversion was the largest
 * cost of a tools/call (bench/mcp.ts); SSE answers (the notification stream) are still streamed as they come.
 */

export const NO_BODY = Symbol("no body");

/**
 * The request body as JSON; answers the error itself (413, 400) and returns NO_BODY when it is not. `contentLength` is
 * the header as sent (the endpoint has read it already), else it is read from the request.
 */
export function readJson(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
  contentLength: string | undefined = req.headers["content-length"],
): unknown {
  const declared = Number(contentLength || "0");
  if (declared > maxBytes) {
    req.resume();
    sendJsonRpcError(res, 413, -32000, `Request body larger than ${maxBytes} bytes`);
    return NO_BODY;
  }
  // Received with its headers (a small message): parsed now, no promise. Otherwise a promise of the parsed body.
  if (req.complete) return parsedBody(req, res, maxBytes, bufferedBody(req, maxBytes));
  return streamedBody(req, maxBytes).then((text) => parsedBody(req, res, maxBytes, text));
}

function parsedBody(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
  text: string | null | typeof TOO_LARGE,
): unknown {
  if (text === TOO_LARGE) {
    sendJsonRpcError(res, 413, -32000, `Request body larger than ${maxBytes} bytes`);
    req.destroy();
  }
  if (text === null || text === TOO_LARGE) {
    if (!res.headersSent) res.destroy();
    return NO_BODY;
  }
  try {
    return JSON.parse(text);
  } catch {
    sendJsonRpcError(res, 400, -32700, "Parse error: Invalid JSON");
    return NO_BODY;
  }
}

const TOO_LARGE = Symbol("too large");

/**
 * The body when the whole message was already received: taken from the stream's buffer in one synchronous read,
 * without a promise, listeners and the ticks flowing mode takes. Rare in practice: node:http announces a request once
 * its headers are parsed, before the body that came in the same read (so a fresh POST streams; decision 153).
 */
function bufferedBody(req: IncomingMessage, maxBytes: number): string | typeof TOO_LARGE {
  if (req.readableLength > maxBytes) return TOO_LARGE;
  const chunk: unknown = req.read();
  return Buffer.isBuffer(chunk) ? chunk.toString("utf8") : "";
}

/** The body as it arrives. Events rather than `for await`: the async iterator was a third of the endpoint's own time. */
function streamedBody(req: IncomingMessage, maxBytes: number): Promise<string | null | typeof TOO_LARGE> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off("data", onData);
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => {
      if (size > maxBytes) resolve(TOO_LARGE);
      // A small message arrives in one chunk: decoded as it is, without the copy a concat makes.
      else resolve((chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)).toString("utf8"));
    });
    req.once("error", () => resolve(null));
  });
}

function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    // The key never travels further than this process' checks (it is in authInfo for the tool calls).
    if (name.length === 9 && name.toLowerCase() === "x-api-key") continue;
    if (name.length === 13 && name.toLowerCase() === "authorization") continue;
    headers.append(name, raw[i + 1] as string);
  }
  return headers;
}

export async function bridgeRequest(
  transport: WebStandardStreamableHTTPServerTransport,
  req: IncomingMessage,
  res: ServerResponse,
  options: {
    authInfo: AuthInfo;
    maxBodyBytes: number;
    extraHeaders: Record<string, string>;
    /** A POST body the caller has read already (readJson). */
    parsedBody?: unknown;
  },
): Promise<void> {
  const method = req.method ?? "GET";
  let parsedBody: unknown = options.parsedBody;
  if (method === "POST" && parsedBody === undefined) {
    const body = readJson(req, res, options.maxBodyBytes);
    parsedBody = body instanceof Promise ? await body : body;
    if (parsedBody === NO_BODY) return;
  } else if (method !== "POST") {
    req.resume();
  }
  // No abort signal: a JSON answer is short, and an SSE stream is cancelled below when the client leaves (a signal per
  // request cost more than the rest of the bridge).
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method,
    headers: webHeaders(req),
  });
  const response = await transport.handleRequest(request, { parsedBody, authInfo: options.authInfo });
  const headers: Record<string, string> = { ...options.extraHeaders };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const type = response.headers.get("content-type") ?? "";
  if (!response.body || !type.startsWith("text/event-stream")) {
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
    if (body) headers["content-length"] = String(body.length);
    res.writeHead(response.status, headers);
    res.end(body ?? undefined);
    return;
  }
  // An SSE stream (the session's notification stream): written as it comes, ended when either side leaves.
  res.writeHead(response.status, headers);
  res.flushHeaders();
  const reader = response.body.getReader();
  res.once("close", () => {
    reader.cancel().catch(() => undefined);
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise<void>((resolve) => res.once("drain", resolve));
    }
  } catch {
    // The client left or the session closed.
  }
  res.end();
}
