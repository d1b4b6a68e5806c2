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
});
