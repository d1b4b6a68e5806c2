import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/db-dialects";
import { createGatewayFixture, type GatewayFixture } from "../../tests/factories/gateway";
import { startTestGateway, startUpstream } from "../../tests/test-gateway";
import { countRecordsByReason } from "../core/metering/metering.queries";
import type { RunningGateway } from "./gateway-server";

/*
 * The response deadline (GATEWAY_RESPONSE_DEADLINE_MS) and cookie filtering. The upstream's own header and idle
 * timeouts are set far out of reach here, so only the deadline can end a dripping upstream: without it these tests
 * hang until their own timeout.
 */

let database: TestDatabase;
let gateway: RunningGateway;
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let f: GatewayFixture;
const timers = new Set<NodeJS.Timeout>();

function drip(write: () => void): void {
  const timer = setInterval(write, 50);
  timers.add(timer);
}

beforeAll(async () => {
  database = await openTestDatabase("sqlite");
  upstream = await startUpstream((req, res) => {
    req.resume();
    res.on("error", () => {});
    req.socket.on("error", () => {});
    const url = req.url ?? "";
    if (url.endsWith("/drip-body")) {
      // Headers at once, then one byte at a time: each byte restarts undici's idle (body) timer.
      res.writeHead(200, { "content-type": "text/plain" });
      drip(() => res.write("x"));
      return;
    }
    if (url.endsWith("/drip-headers")) {
      // The status line and headers one byte at a time, written to the socket directly.
      const head = Buffer.from("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nx-padding: ".padEnd(100_000, "a"));
      let at = 0;
      drip(() => {
        if (at < head.length && !req.socket.destroyed) req.socket.write(head.subarray(at, ++at));
      });
      return;
    }
    if (url.endsWith("/cookie")) {
      res.writeHead(200, {
        "content-type": "application/json",
        "set-cookie": ["portico_session=planted; Path=/; HttpOnly", "portico_csrf=planted; Path=/"],
      });
      return res.end("{}");
    }
    res.end("ok");
  });
  gateway = await startTestGateway(database.db, {
    GATEWAY_RESPONSE_DEADLINE_MS: "300",
    GATEWAY_UPSTREAM_TIMEOUT_MS: "600000",
    GATEWAY_UPSTREAM_IDLE_TIMEOUT_MS: "600000",
  });
  f = await createGatewayFixture(database.db, {
    upstreamUrl: `${upstream.url}/v1`,
    plan: { quota: 10_000, quotaPeriod: "day" },
  });
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  await gateway?.close();
  await upstream?.close();
  await database?.dispose();
});

const auth = () => ({ "x-tenant-id": f.tenantId, "x-api-key": f.key });

describe("gateway response deadline", () => {
  it("answers 504 when the upstream's headers drip in past the deadline", async () => {
    const res = await request(`${gateway.url}${f.basePath}/drip-headers`, { headers: auth() });
    const body = (await res.body.json()) as { error: { code: string; message: string } };
    expect(res.statusCode).toBe(504);
    expect(body.error).toEqual({ code: "UPSTREAM_TIMEOUT", message: "The upstream did not answer in time" });
  }, 10_000);

  it("cuts off a body that drips past the deadline instead of keeping the client forever", async () => {
    const res = await request(`${gateway.url}${f.basePath}/drip-body`, { headers: auth() });
    expect(res.statusCode).toBe(200);
    await expect(res.body.text()).rejects.toThrow();
  }, 10_000);

  it("meters both as upstream timeouts and keeps serving", async () => {
    const ok = await request(`${gateway.url}${f.basePath}/fast`, { headers: auth() });
    expect(ok.statusCode).toBe(200);
    expect(await ok.body.text()).toBe("ok");
    await gateway.flush();
    const reasons = await countRecordsByReason(database.db, f.tenantId, {
      from: 0,
      to: Date.now() + 1000,
      apiId: f.api.id,
    });
    const timeouts = reasons.filter((r) => r.reason === "upstream_timeout").reduce((n, r) => n + r.count, 0);
    expect(timeouts).toBe(2);
  }, 10_000);
});

describe("gateway cookies", () => {
  it("never passes an upstream's Set-Cookie to the client", async () => {
    const res = await request(`${gateway.url}${f.basePath}/cookie`, { headers: auth() });
    await res.body.dump();
    expect(res.statusCode).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });
});
