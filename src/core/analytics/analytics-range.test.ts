import { describe, expect, it } from "vitest";
import { bucketStarts, DAY_MS, grainFor, HOUR_MS, MINUTE_MS, previousRange, resolveRange } from "./analytics-range";

const NOW = Date.UTC(2026, 10, 25, 12, 30, 15);

describe("resolveRange", () => {
  it("ends presets now, rounded up to their grain, with the right number of points", () => {
    const hour = resolveRange({ preset: "1h" }, NOW);
    expect(hour).toMatchObject({ grain: "minute", to: Date.UTC(2026, 10, 25, 12, 31) });
    expect(bucketStarts(hour)).toHaveLength(60);
    expect(bucketStarts(resolveRange({ preset: "24h" }, NOW))).toHaveLength(24);
    expect(bucketStarts(resolveRange({ preset: "7d" }, NOW))).toHaveLength(168);
    const month = resolveRange({ preset: "30d" }, NOW);
    expect(month.grain).toBe("day");
    expect(bucketStarts(month)).toHaveLength(30);
  });

  it("rounds custom ranges out to their grain and clamps the end to now", () => {
    const r = resolveRange({ preset: "custom", from: NOW - 2 * HOUR_MS + 5, to: NOW + DAY_MS }, NOW);
    expect(r.grain).toBe("hour");
    expect(r.from % HOUR_MS).toBe(0);
    expect(r.to).toBe(Date.UTC(2026, 10, 25, 13));
  });

  it("refuses bad ranges with clear messages", () => {
    expect(() => resolveRange({ preset: "custom", from: NOW, to: NOW }, NOW)).toThrow(
      "The range's end must be after its start",
    );
    expect(() => resolveRange({ preset: "custom", from: NOW + MINUTE_MS, to: NOW + HOUR_MS }, NOW)).toThrow(
      "The range cannot start in the future",
    );
    expect(() => resolveRange({ preset: "custom", from: NOW - 94 * DAY_MS, to: NOW }, NOW)).toThrow(
      "The range can be at most 93 days long",
    );
    expect(() => resolveRange({ preset: "custom", from: null, to: NOW }, NOW)).toThrow(
      "A custom range needs a start and an end",
    );
    expect(() => resolveRange({ preset: "1y" }, NOW)).toThrow('Unknown range "1y"');
  });

  it("compares with the period just before, of the same length", () => {
    const r = resolveRange({ preset: "24h" }, NOW);
    const p = previousRange(r);
    expect(p.to).toBe(r.from);
    expect(p.to - p.from).toBe(r.to - r.from);
  });

  it("picks grains by length", () => {
    expect(grainFor(3 * HOUR_MS)).toBe("minute");
    expect(grainFor(3 * HOUR_MS + 1)).toBe("hour");
    expect(grainFor(9 * DAY_MS)).toBe("day");
  });
});
