import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("defaults to embedded mode", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect([...config.PORTICO_SERVICES]).toEqual(["web", "gateway", "worker"]);
  });

  it("names every bad key", () => {
    expect(() => loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", PORTICO_SERVICES: "web,cron" })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", PORTICO_SERVICES: "web,cron" });
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("PORTICO_SERVICES");
    }
  });

  it("reads TRUST_PROXY as off, everyone, a hop count or a list of addresses", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8, ::1, fd00::/8" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
    ]);
    for (const bad of ["yes", "10.0.0.0/33", "proxy.example", "1.2.3.4/8/1"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});
