/**
 * The part of bench:mcp's ratio that is the protocol's, not the gateway's: a bare node:http server (no gateway, no
 * database, nothing Portico) answers the two request shapes the bench sends, with the same client in the same run.
 *   plain: GET with the key and tenant headers, answered with the upstream's 200-byte JSON body;
 *   MCP:   POST of a JSON-RPC tools/call (the headers an MCP client sends), its JSON parsed, answered with the same
 *          body as a tool result (text and structuredContent) in a JSON-RPC envelope, with the MCP answer headers.
 * Whatever this ratio is, the gateway's cannot exceed by much: it is the cost of the HTTP exchange an MCP call is.
 */
import fs from "node:fs";
import path from "node:path";
import { Pool } from "undici";
import { freePort, start, stop, waitFor } from "./gateway-setup";

const BARE_SERVER_JS = `
const http = require("node:http");
const body = JSON.stringify({ ok: true, data: "x".repeat(172) });
const expose = "mcp-session-id, mcp-protocol-version, retry-after, x-request-id";
http.createServer((req, res) => {
  if (req.url === "/healthz") { res.end("ok"); return; }
  if (req.method !== "POST") {
    req.resume();
    res.writeHead(200, ["content-type", "application/json", "content-length", String(body.length), "x-request-id", "req_0123456789abcdef", "ratelimit-remaining", "999"]);
    res.end(body);
    return;
  }
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const message = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const result = '{"content":[{"type":"text","text":' + JSON.stringify(body) + '}],"structuredContent":' + body + "}";
    const out = '{"result":' + result + ',"jsonrpc":"2.0","id":' + JSON.stringify(message.id) + "}";
    res.writeHead(200, ["access-control-allow-origin", "*", "access-control-expose-headers", expose, "mcp-session-id", req.headers["mcp-session-id"], "content-type", "application/json", "content-length", String(Buffer.byteLength(out))]);
    res.end(out);
  });
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

export interface ShapeFigures {
  plainRps: number;
  mcpRps: number;
  plainCpuUs: number;
  mcpCpuUs: number;
  /** The part of the CPU time spent in the kernel (system time). */
  plainSysUs: number;
  mcpSysUs: number;
}

type Measure = (
  pid: number | undefined,
  plain: () => Promise<number>,
  mcp: () => Promise<number>,
) => Promise<ShapeFigures>;

/** Runs the bare server, sends both shapes with `measure` (the bench's own alternating slices), and stops it. */
export async function bareShapeFigures(
  work: string,
  connections: number,
  measure: Measure,
  headers: { auth: Record<string, string>; session: Record<string, string> },
): Promise<ShapeFigures> {
  const file = path.join(work, "bare-shape-server.cjs");
  fs.writeFileSync(file, BARE_SERVER_JS);
  const port = await freePort();
  const server = start(process.execPath, [file], { PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, {}, 30_000);
  const pool = new Pool(base, { connections: connections + 4, pipelining: 1 });
  let id = 1_000;
  // Made once, as the gateway bench's client does (bench/mcp.ts rpcHeaders).
  const mcpHeaders = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    ...headers.session,
  };
  const plain = async () => {
    const res = await pool.request({ path: "/user-2/api-3/items/7", method: "GET", headers: headers.auth });
    await res.body.dump();
    return res.statusCode;
  };
  const mcp = async () => {
    const res = await pool.request({
      path: "/_mcp/user-2/api-3",
      method: "POST",
      headers: mcpHeaders,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: id++,
        method: "tools/call",
        params: { name: "getItem", arguments: { id: "7" } },
      }),
    });
    const text = await res.body.text();
    if (!text.includes('"result"')) throw new Error("bare tools/call failed");
    return res.statusCode;
  };
  try {
    return await measure(server.pid, plain, mcp);
  } finally {
    await pool.close();
    await stop(server);
  }
}
