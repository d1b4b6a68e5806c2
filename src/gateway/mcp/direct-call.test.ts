import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { directToolCall } from "./direct-call";
import { readMcpHeaders } from "./request-headers";

const call = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "getItem", arguments: { id: "1" } } };

function headers(accept: string, contentType: string, version = "2025-06-18") {
  return readMcpHeaders(["accept", accept, "content-type", contentType, "mcp-protocol-version", version]);
}

describe("directToolCall", () => {
  const good = headers("application/json, text/event-stream", "application/json");

  it("takes a well-formed tools/call with the transport's headers", () => {
    expect(directToolCall(good, call)).toEqual({ id: 7, params: { name: "getItem", arguments: { id: "1" } } });
  });

  it("leaves to the SDK what the transport refuses, also right after headers that passed", () => {
    expect(directToolCall(good, call)).not.toBeNull();
    expect(directToolCall(headers("application/json", "application/json"), call)).toBeNull();
    expect(directToolCall(good, call)).not.toBeNull();
    expect(directToolCall(headers("application/json, text/event-stream", "text/plain"), call)).toBeNull();
    expect(directToolCall(good, call)).not.toBeNull();
    expect(
      directToolCall(headers("application/json, text/event-stream", "application/json", "1999-01-01"), call),
    ).toBeNull();
    expect(
      directToolCall(headers("application/json, text/event-stream", "application/json; charset=utf-8", ""), call),
    ).not.toBeNull();
  });

  it("leaves other messages to the SDK and answers malformed params itself", () => {
    expect(directToolCall(good, { ...call, method: "tools/list" })).toBeNull();
    expect(directToolCall(good, { ...call, id: undefined })).toBeNull();
    expect(directToolCall(good, [call])).toBeNull();
    expect(directToolCall(good, { ...call, params: { ...call.params, _meta: { progressToken: 1 } } })).toBeNull();
    expect(directToolCall(good, { ...call, params: { name: 3 } })?.params).toBeInstanceOf(McpError);
    expect(directToolCall(good, { ...call, params: { name: "x", arguments: [1] } })?.params).toBeInstanceOf(McpError);
  });
});
