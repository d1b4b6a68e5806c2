import { describe, expect, it } from "vitest";
import { presentedKey, readMcpHeaders } from "./request-headers";

describe("readMcpHeaders", () => {
  it("reads the endpoint's headers in any case, and repeats as node:http would", () => {
    const headers = readMcpHeaders([
      "Host",
      "gw.example",
      "host",
      "other.example",
      "X-Api-Key",
      "k1",
      "x-api-key",
      "k2",
      "Mcp-Session-Id",
      "s1",
      "Accept",
      "application/json",
      "accept",
      "text/event-stream",
      "Content-Type",
      "application/json",
      "content-type",
      "text/plain",
      "X-Other",
      "ignored",
    ]);
    expect(headers).toMatchObject({
      host: "gw.example",
      apiKey: "k1, k2",
      sessionId: "s1",
      accept: "application/json, text/event-stream",
      contentType: "application/json",
      tenantId: "",
      protocolVersion: "",
    });
  });

  it("takes the key from X-Api-Key first, then from a bearer token", () => {
    expect(presentedKey(readMcpHeaders(["x-api-key", " k ", "authorization", "Bearer b"]))).toBe("k");
    expect(presentedKey(readMcpHeaders(["authorization", "bearer  b2 "]))).toBe("b2");
    expect(presentedKey(readMcpHeaders(["authorization", "Basic abc"]))).toBe("");
  });
});
