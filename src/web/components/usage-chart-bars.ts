export const MINUTE_MS = 60_000;
/** A chart never draws more bars than this (a longer window would be aggregated by the analytics dashboard). */
export const MAX_BARS = 24 * 60;

export interface UsageBar {
  minute: number;
  calls: number;
  errors: number;
}

/**
 * One bar per minute of [fromMinute, toMinute] (inclusive, both floored to the minute), zero where no call was
 * recorded; points outside the window are ignored and duplicate minutes are summed.
 */
export function usageBars(
  series: ReadonlyArray<{ minute: number; calls: number; errors: number }>,
  fromMinute: number,
  toMinute: number,
): UsageBar[] {
  const from = Math.floor(fromMinute / MINUTE_MS) * MINUTE_MS;
  const to = Math.floor(toMinute / MINUTE_MS) * MINUTE_MS;
  if (!(to >= from)) return [];
  const count = Math.min(MAX_BARS, (to - from) / MINUTE_MS + 1);
  const start = to - (count - 1) * MINUTE_MS;
  const bars: UsageBar[] = Array.from({ length: count }, (_, i) => ({
    minute: start + i * MINUTE_MS,
    calls: 0,
    errors: 0,
  }));
  for (const point of series) {
    const minute = Math.floor(point.minute / MINUTE_MS) * MINUTE_MS;
    const index = (minute - start) / MINUTE_MS;
    const bar = bars[index];
    if (!bar) continue;
    bar.calls += point.calls;
    bar.errors += point.errors;
  }
  return bars;
}
