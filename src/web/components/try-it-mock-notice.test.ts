import { describe, expect, it } from "vitest";
import type { TryItResult } from "../lib/try-it-types";
import { mockReasonOf } from "./try-it-mock-notice";

const result = (via: TryItResult["via"], headers: Array<[string, string]>): TryItResult => ({
  via,
  status: 200,
  statusText: "OK",
  headers,
  body: "{}",
  truncated: false,
  timeMs: 3,
  url: "http://gateway.test/o/a/x",
});

describe("mockReasonOf", () => {
  it("names a keyless answer, a gateway mock, and nothing for a proxied call", () => {
    expect(mockReasonOf(result("mock", [["x-portico-mock", "true"]]))).toBe("noKey");
    expect(mockReasonOf(result("gateway", [["X-Portico-Mock", "true"]]))).toBe("apiMock");
    expect(mockReasonOf(result("gateway", [["content-type", "application/json"]]))).toBeNull();
  });
});
