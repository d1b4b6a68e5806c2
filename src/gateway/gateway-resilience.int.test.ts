import net from "node:net";
import { Readable } from "node:stream";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/db-dialects";
import { createGatewayFixture, type GatewayFixture } from "../../tests/factories/gateway";
import { startTestGateway, startUpstream } from "../../tests/test-gateway";
import { countRecordsByReason } from "../core/metering/metering.queries";
import { periodStart } from "../core/plans/quota-period";
import type { RunningGateway } from "./gateway-server";

let database: TestDatabase;
let gateway: RunningGateway;
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let f: GatewayFixture;
let upstreamBodies: number[] = [];

const MAX_BODY = 64 * 1024;

beforeAll(async () => {
  database = await openTestDatabase("sqlite");
  upstream = await startUpstream((req, res) => {
    const url = req.url ?? "";
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
    });
    req.on("error", () => {});
    res.on("error", () => {});
    if (url.endsWith("/reset")) return req.socket.destroy();
    if (url.endsWith("/hang")) return;
    if (url.endsWith("/slow-stream")) {
      res.writeHead(200, { "content-type": "text/plain" });
      const timer = setInterval(() => res.write("tick\n"), 50);
      res.on("close", () => clearInterval(timer));
      return;
    }
    if (url.endsWith("/stall")) {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("first chunk, then silence\n");
      return;
    }
    if (url.endsWith("/redirect-internal")) {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      return res.end();
    }
    if (url.endsWith("/redirect-relative")) {
      res.writeHead(302, { location: "/v1/items" });
      return res.end();
    }
    req.on("end", () => {
      upstreamBodies.push(size);
      res.end(JSON.stringify({ received: size }));
    });
  });
  gateway = await startTestGateway(database.db, {
    GATEWAY_MAX_BODY_BYTES: String(MAX_BODY),
    GATEWAY_UPSTREAM_TIMEOUT_MS: "400",
    GATEWAY_UPSTREAM_IDLE_TIMEOUT_MS: "400",
    GATEWAY_HEADERS_TIMEOUT_MS: "500",
  });
  f = await createGatewayFixture(database.db, {
    upstreamUrl: `${upstream.url}/v1`,
    plan: { quota: 10_000, quotaPeriod: "day" },
    endpoints: [{ method: "GET", path: "/items" }],
  });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
  await database?.dispose();
});

const auth = () => ({ "x-tenant-id": f.tenantId, "x-api-key": f.key });

async function status(
  path: string,
  init: { method?: "GET" | "POST"; body?: string | Buffer; headers?: Record<string, string> } = {},
) {
  const res = await request(`${gateway.url}${f.basePath}${path}`, {
    method: init.method ?? "GET",
    headers: { ...auth(), ...init.headers },
    body: init.body,
  });
  const text = await res.body.text().catch(() => "(broken body)");
  return { status: res.statusCode, text };
}

describe("gateway resilience", () => {
  it("answers 502 when the upstream resets the connection", async () => {
    expect((await status("/reset")).status).toBe(502);
  });

  it("answers 504 when the upstream hangs", async () => {
    const started = Date.now();
    expect((await status("/hang")).status).toBe(504);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("cuts a stream that stalls beyond the idle timeout without crashing", async () => {
    const res = await request(`${gateway.url}${f.basePath}/stall`, { headers: auth() });
    expect(res.statusCode).toBe(200);
    await expect(res.body.text()).rejects.toThrow();
  });

  it("records a client that disconnects mid-stream as 499 and keeps serving", async () => {
    const controller = new AbortController();
    const res = await request(`${gateway.url}${f.basePath}/slow-stream`, {
      headers: auth(),
      signal: controller.signal,
    });
    expect(res.statusCode).toBe(200);
    res.body.on("error", () => {});
    await new Promise((r) => setTimeout(r, 150));
    controller.abort();
    await new Promise((r) => setTimeout(r, 100));
    expect((await status("/items")).status).toBe(200);
    await gateway.flush();
    const reasons = await countRecordsByReason(database.db, f.tenantId, {
      from: 0,
      to: Date.now() + 1000,
      apiId: f.api.id,
    });
    expect(reasons.find((r) => r.reason === "client_aborted")?.count).toBeGreaterThanOrEqual(1);
  });

  it("refuses bodies over the limit with 413, declared or chunked, before the upstream sees them whole", async () => {
    upstreamBodies = [];
    const big = Buffer.alloc(MAX_BODY + 1, 120);
    const declared = await status("/items", { method: "POST", body: big });
    expect(declared.status).toBe(413);
    expect(upstreamBodies).toEqual([]);
    async function* chunks() {
      for (let i = 0; i < 10; i++) yield Buffer.alloc(16 * 1024, 121);
    }
    const res = await request(`${gateway.url}${f.basePath}/items`, {
      method: "POST",
      headers: auth(),
      body: Readable.from(chunks()),
    });
    await res.body.dump();
    expect(res.statusCode).toBe(413);
    const ok = await status("/items", { method: "POST", body: Buffer.alloc(1000, 1) });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toEqual({ received: 1000 });
  });

  it("answers 431 to 64 KB of headers, and the upstream never sees the call", async () => {
    // A raw socket: an HTTP client may report the early close instead of the status line.
    const before = upstreamBodies.length;
    const socket = net.connect(gateway.port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
    });
    const closed = new Promise<void>((resolve) => {
      socket.on("error", () => resolve());
      socket.on("close", () => resolve());
    });
    await new Promise((r) => socket.once("connect", r));
    const headers = `X-Api-Key: ${f.key}\r\nX-Tenant-Id: ${f.tenantId}\r\nX-Big: ${"a".repeat(64 * 1024)}\r\n`;
    socket.write(`GET ${f.basePath}/items HTTP/1.1\r\nHost: x\r\n${headers}\r\n`);
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(upstreamBodies.length).toBe(before);
  });

  it("closes slowloris connections that never finish their headers", async () => {
    const socket = net.connect(gateway.port, "127.0.0.1");
    socket.on("error", () => {});
    socket.resume();
    await new Promise((r) => socket.once("connect", r));
    socket.write(`GET ${f.basePath}/items HTTP/1.1\r\nHost: x\r\n`);
    const timer = setInterval(() => socket.write("X-Slow: 1\r\n"), 200);
    const closedAfter = await new Promise<number>((resolve) => {
      const started = Date.now();
      socket.once("close", () => resolve(Date.now() - started));
    });
    clearInterval(timer);
    expect(closedAfter).toBeLessThan(4_000);
  });

  it("does not pass on redirects to internal addresses", async () => {
    const internal = await status("/redirect-internal");
    expect(internal.status).toBe(502);
    expect(internal.text).toContain("redirected");
    const res = await request(`${gateway.url}${f.basePath}/redirect-relative`, { headers: auth() });
    await res.body.dump();
    expect(res.statusCode).toBe(302);
  });

  it("leaves counters and records consistent: failed calls are not billed, every billed call is recorded", async () => {
    await gateway.flush();
    const reasons = await countRecordsByReason(database.db, f.tenantId, {
      from: 0,
      to: Date.now() + 1000,
      apiId: f.api.id,
    });
    const billableRecords = reasons.filter((r) => r.billable).reduce((a, r) => a + r.count, 0);
    const billed = await gateway.counters.billedCount(f.subscriptionId, "plan", periodStart("day", Date.now()));
    expect(billed).toBe(billableRecords);
    // upstream_unreachable is billed only when the upstream broke off after its status reached the client.
    for (const reason of ["upstream_timeout", "payload_too_large", "upstream_refused", "rate_limited"]) {
      expect(reasons.find((r) => r.reason === reason && r.billable)).toBeUndefined();
    }
  });

  it("hands back the reservation of calls that fail, so a tight quota is not eaten by failures", async () => {
    const g = await createGatewayFixture(database.db, {
      upstreamUrl: `${upstream.url}/v1`,
      plan: { quota: 2, quotaPeriod: "day" },
    });
    const headers = { "x-tenant-id": g.tenantId, "x-api-key": g.key };
    for (let i = 0; i < 3; i++) {
      const res = await request(`${gateway.url}${g.basePath}/reset`, { headers });
      await res.body.dump();
      expect(res.statusCode).toBe(502);
    }
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(`${gateway.url}${g.basePath}/items`, { headers });
      await res.body.dump();
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
  });
});
