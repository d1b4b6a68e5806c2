import { describe, expect, it } from "vitest";
import { MAX_BARS, MINUTE_MS, usageBars } from "./usage-chart-bars";

const T0 = 1_700_000_000_000 - (1_700_000_000_000 % MINUTE_MS);

describe("usageBars", () => {
  it("draws one bar per minute of the window, zero where nothing was recorded", () => {
    const bars = usageBars([{ minute: T0 + 2 * MINUTE_MS, calls: 5, errors: 1 }], T0, T0 + 4 * MINUTE_MS);
    expect(bars.map((b) => b.calls)).toEqual([0, 0, 5, 0, 0]);
    expect(bars.map((b) => b.errors)).toEqual([0, 0, 1, 0, 0]);
    expect(bars[0]?.minute).toBe(T0);
  });

  it("sums points of the same minute and ignores points outside the window", () => {
    const bars = usageBars(
      [
        { minute: T0 + 30_000, calls: 2, errors: 0 },
        { minute: T0, calls: 3, errors: 2 },
        { minute: T0 - MINUTE_MS, calls: 100, errors: 0 },
        { minute: T0 + 9 * MINUTE_MS, calls: 100, errors: 0 },
      ],
      T0,
      T0 + MINUTE_MS,
    );
    expect(bars).toEqual([
      { minute: T0, calls: 5, errors: 2 },
      { minute: T0 + MINUTE_MS, calls: 0, errors: 0 },
    ]);
  });

  it("keeps the most recent minutes when the window is longer than the bar limit", () => {
    const to = T0 + 5 * MAX_BARS * MINUTE_MS;
    const bars = usageBars([{ minute: to, calls: 1, errors: 0 }], T0, to);
    expect(bars).toHaveLength(MAX_BARS);
    expect(bars.at(-1)).toEqual({ minute: to, calls: 1, errors: 0 });
  });

  it("answers no bars for an inverted window", () => {
    expect(usageBars([], T0 + MINUTE_MS, T0)).toEqual([]);
  });
});
