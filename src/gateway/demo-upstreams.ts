import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO_CITIES, distanceKm, syntheticForecast } from "./demo-geo-data";

const MAX_ECHO_BODY = 64 * 1024;

export interface DemoUpstreams {
  /** http://127.0.0.1:{port}: "portico-demo://echo/x" is served at {origin}/echo/x. */
  origin: string;
  close(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): true {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
  return true;
}

function readBody(req: http.IncomingMessage, limit: number): Promise<{ text: string; truncated: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else truncated = true;
    });
    req.on("end", () => resolve({ text: Buffer.concat(chunks).toString("utf8"), truncated }));
    req.on("error", () => resolve({ text: "", truncated: true }));
  });
}

/** Portico Echo: answers with what it received (what the gateway forwarded), plus a few test helpers. */
async function echo(req: http.IncomingMessage, res: http.ServerResponse, path: string, url: URL): Promise<void> {
  const status = /^\/status\/(\d{3})$/.exec(path);
  if (status) {
    const code = Math.min(599, Math.max(200, Number(status[1])));
    json(res, code, { status: code });
    return;
  }
  const delay = /^\/delay\/(\d+)$/.exec(path);
  if (delay) {
    const ms = Math.min(10_000, Number(delay[1]));
    const timer = setTimeout(() => json(res, 200, { delayedMs: ms }), ms);
    res.on("close", () => clearTimeout(timer));
    return;
  }
  const bytes = /^\/bytes\/(\d+)$/.exec(path);
  if (bytes) {
    const n = Math.min(1024 * 1024, Number(bytes[1]));
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": n });
    res.end(Buffer.alloc(n, 97));
    return;
  }
  const body = await readBody(req, MAX_ECHO_BODY);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  json(res, 200, {
    method: req.method,
    path,
    query: Object.fromEntries(url.searchParams),
    headers,
    body: body.text,
    bodyTruncated: body.truncated,
    receivedAt: new Date().toISOString(),
  });
}

/** Portico Geo: cities, synthetic forecasts and distances. */
/** Returns true once it has answered. */
function geo(req: http.IncomingMessage, res: http.ServerResponse, path: string, url: URL): true {
  if (req.method !== "GET") return json(res, 405, { error: "Method not allowed" }, { allow: "GET" });
  if (path === "/cities") {
    const country = url.searchParams.get("country")?.toUpperCase();
    const limit = Math.min(50, Math.max(1, Number(url.searchParams.get("limit") ?? 20) || 20));
    const list = DEMO_CITIES.filter((c) => !country || c.country === country).slice(0, limit);
    return json(res, 200, { total: list.length, cities: list });
  }
  const city = /^\/cities\/([a-z]{3})(\/forecast)?$/.exec(path);
  if (city) {
    const found = DEMO_CITIES.find((c) => c.id === city[1]);
    if (!found) return json(res, 404, { error: `No city '${city[1]}'` });
    if (!city[2]) return json(res, 200, found);
    const days = Math.min(14, Math.max(1, Number(url.searchParams.get("days") ?? 3) || 3));
    return json(res, 200, { city: found.id, synthetic: true, days: syntheticForecast(found, days) });
  }
  if (path === "/distance") {
    const a = DEMO_CITIES.find((c) => c.id === url.searchParams.get("from"));
    const b = DEMO_CITIES.find((c) => c.id === url.searchParams.get("to"));
    if (!a || !b) return json(res, 400, { error: "from and to must be city ids, e.g. from=par&to=tyo" });
    return json(res, 200, { from: a.id, to: b.id, kilometres: distanceKm(a, b) });
  }
  return json(res, 404, { error: "Not found" });
}

/**
 * The built-in demo upstreams, on a loopback port of this process, so the whole loop (key → plan → proxy → meter)
 * works offline. Only the gateway connects here (it maps portico-demo://name to this origin).
 */
export async function startDemoUpstreams(): Promise<DemoUpstreams> {
  const server = http.createServer((req, res) => {
    res.on("error", () => {});
    req.on("error", () => {});
    const url = new URL(req.url ?? "/", "http://demo");
    const [, service = "", ...rest] = url.pathname.split("/");
    const path = `/${rest.join("/")}`;
    if (service === "echo") {
      echo(req, res, path, url).catch(() => {
        if (!res.headersSent) json(res, 500, { error: "Echo failed" });
        else res.destroy();
      });
      return;
    }
    if (service === "geo") return geo(req, res, path, url);
    json(res, 404, { error: "Unknown demo service" });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
