import { describe, expect, it } from "vitest";
import { resolveHealthTarget, validateHealthPath } from "./health-target";

const origins = { allowPrivate: false, gatewayOrigin: "http://127.0.0.1:3001", demoOrigin: "http://127.0.0.1:4999" };

describe("health probe targets", () => {
  it("joins the health path to the base URL's path, else probes the base URL", () => {
    const target = (upstreamUrl: string, healthPath: string | null) =>
      resolveHealthTarget({ upstreamUrl, mode: "proxy", healthPath }, origins);
    expect(target("https://api.example.com/v2/", "/status")).toMatchObject({
      kind: "probe",
      url: "https://api.example.com/v2/status",
      guarded: true,
    });
    expect(target("https://api.example.com", null)).toMatchObject({ url: "https://api.example.com/" });
    expect(target("portico-demo://geo", "/health")).toMatchObject({
      url: "http://127.0.0.1:4999/geo/health",
      guarded: false,
    });
  });

  it("refuses private, loopback and internal upstreams unless the operator allows them", () => {
    for (const url of [
      "http://127.0.0.1:8080",
      "http://10.1.2.3",
      "http://[::1]/",
      "http://db.internal",
      "http://localhost",
    ]) {
      expect(resolveHealthTarget({ upstreamUrl: url, mode: null, healthPath: null }, origins)).toEqual({
        kind: "none",
        reason: "address-not-allowed",
      });
    }
    expect(
      resolveHealthTarget(
        { upstreamUrl: "http://10.1.2.3", mode: null, healthPath: null },
        { ...origins, allowPrivate: true },
      ),
    ).toMatchObject({ kind: "probe", url: "http://10.1.2.3/" });
  });

  it("validates a declared health path like any URL", () => {
    expect(validateHealthPath(" /health?deep=1 ")).toBe("/health?deep=1");
    expect(validateHealthPath("")).toBeNull();
    for (const bad of [
      "health",
      "//evil.example/x",
      "/a\\b",
      "/a b",
      "http://evil.example/",
      "/x#y",
      `/${"a".repeat(600)}`,
    ]) {
      expect(() => validateHealthPath(bad)).toThrow(/health path/);
    }
    expect(
      resolveHealthTarget(
        { upstreamUrl: "https://api.example.com", mode: null, healthPath: "//evil.example" },
        origins,
      ),
    ).toEqual({ kind: "none", reason: "invalid-url" });
  });

  it("says why an API without an upstream, or in mock mode without a gateway here, is not probed", () => {
    expect(resolveHealthTarget({ upstreamUrl: null, mode: null, healthPath: null }, origins)).toEqual({
      kind: "none",
      reason: "no-upstream",
    });
    expect(
      resolveHealthTarget({ upstreamUrl: null, mode: "mock", healthPath: null }, { ...origins, gatewayOrigin: null }),
    ).toEqual({ kind: "none", reason: "gateway-elsewhere" });
  });
});
