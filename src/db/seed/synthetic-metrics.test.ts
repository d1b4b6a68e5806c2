import { describe, expect, it } from "vitest";
import { syntheticFields } from "./synthetic-metrics";

describe("syntheticFields", () => {
  it("is deterministic per key and differs between keys", () => {
    expect(syntheticFields("acme/weather")).toEqual(syntheticFields("acme/weather"));
    expect(syntheticFields("acme/weather")).not.toEqual(syntheticFields("acme/finance"));
  });

  it("stays within the documented ranges over many keys, with every pricing type present", () => {
    const pricing = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const f = syntheticFields(`key-${i}`);
      pricing.add(f.pricing_type);
      expect(f.popularity).toBeGreaterThanOrEqual(0);
      expect(f.popularity).toBeLessThanOrEqual(10);
      expect(f.service_level).toBeLessThanOrEqual(100);
      expect(f.health_check).toBeLessThanOrEqual(100);
      expect(f.latency_ms).toBeGreaterThanOrEqual(40);
      expect(f.rating_avg === 0 || (f.rating_avg >= 3 && f.rating_avg <= 5)).toBe(true);
      expect(f.features.length).toBeGreaterThanOrEqual(2);
      expect(new Set(f.features).size).toBe(f.features.length);
    }
    expect([...pricing].sort()).toEqual(["FREE", "FREEMIUM", "PAID"]);
  });
});
