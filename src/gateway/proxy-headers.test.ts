import { describe, expect, it } from "vitest";
import {
  appendClientResponseHeaders,
  type CallIdentity,
  encodePlanName,
  upstreamRequestHeaderList,
} from "./proxy-headers";

/** A flat header list as an object; repeated names collect into arrays. */
function asObject(list: string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i < list.length; i += 2) {
    const name = (list[i] as string).toLowerCase();
    const value = list[i + 1] as string;
    const seen = out[name];
    out[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/** Raw headers as node:http gives them: names in the client's case, flat. */
function raw(headers: Record<string, string>): string[] {
  return Object.entries(headers).flat();
}

const who: CallIdentity = {
  tenantId: "1",
  appId: "app_1",
  keyId: "key_1",
  userId: "usr_1",
  subscriptionId: "sub_1",
  planId: "pln_1",
  planNameHeader: encodePlanName("Basic plan"),
  requestId: "r1",
  clientIp: "203.0.113.9",
  host: "gw.example",
  proto: "http",
};

describe("proxy headers", () => {
  it("overwrites spoofed forwarding and identity headers", () => {
    const out = asObject(
      upstreamRequestHeaderList(
        raw({
          "X-Forwarded-For": "1.2.3.4",
          "x-forwarded-host": "evil",
          forwarded: "for=1.2.3.4",
          "x-real-ip": "1.2.3.4",
          "x-portico-app": "app_victim",
          "x-portico-plan": "pln_enterprise",
          "x-api-key": "pk_secret",
          "x-tenant-id": "1",
          host: "gw.example",
          connection: "keep-alive, x-drop-me",
          "x-drop-me": "1",
          "transfer-encoding": "chunked",
          Accept: "application/json",
        }),
        who,
      ),
    );
    expect(out["x-forwarded-for"]).toBe("203.0.113.9");
    expect(out["x-forwarded-host"]).toBe("gw.example");
    expect(out["x-portico-app"]).toBe("app_1");
    expect(out["x-portico-plan"]).toBe("pln_1");
    expect(out["x-portico-plan-name"]).toBe("Basic%20plan");
    expect(out.forwarded).toBeUndefined();
    expect(out["x-real-ip"]).toBeUndefined();
    expect(out["x-api-key"]).toBeUndefined();
    expect(out.host).toBeUndefined();
    expect(out["x-drop-me"]).toBeUndefined();
    expect(out["transfer-encoding"]).toBeUndefined();
    expect(out.accept).toBe("application/json");
  });

  it("drops hop-by-hop response headers", () => {
    const upstream = [
      "Content-Type",
      "text/plain",
      "Connection",
      "close, X-Hop",
      "keep-alive",
      "timeout=5",
      "x-hop",
      "1",
      "Set-Cookie",
      "a=1",
      "set-cookie",
      "b=2",
      "Location",
      "/next",
    ].map((s) => Buffer.from(s, "latin1"));
    const out: string[] = [];
    expect(appendClientResponseHeaders(upstream, out)).toBe("/next");
    expect(out).toEqual(["content-type", "text/plain", "location", "/next"]);
  });

  it("drops the upstream's cookies: the gateway shares a host with the web app", () => {
    const upstream = [
      "Set-Cookie",
      "portico_session=attacker; Path=/; HttpOnly",
      "SET-COOKIE2",
      "portico_csrf=x",
      "Content-Type",
      "application/json",
    ].map((s) => Buffer.from(s, "latin1"));
    const out: string[] = [];
    appendClientResponseHeaders(upstream, out);
    expect(out).toEqual(["content-type", "application/json"]);
  });

  it("drops the upstream's copies of headers the gateway sets (CORS, rate limits, request id)", () => {
    const upstream = [
      "Access-Control-Allow-Origin",
      "*",
      "Access-Control-Allow-Credentials",
      "true",
      "Access-Control-Expose-Headers",
      "x-upstream",
      "X-RateLimit-Remaining",
      "99",
      "X-Portico-Request-Id",
      "spoofed",
      "Retry-After",
      "30",
      "X-Upstream",
      "kept",
    ].map((s) => Buffer.from(s, "latin1"));
    const out: string[] = [];
    appendClientResponseHeaders(upstream, out);
    expect(out).toEqual(["retry-after", "30", "x-upstream", "kept"]);
  });
});
