import { AppError } from "../errors/app-error";

/*
 * The time range of a dashboard and the grain its charts use (docs/decisions/090-analytics.md). Each preset reads the
 * coarsest rollup table that still gives about 24–180 points: an hour per minute, a day and a week per hour, a month
 * per day. A custom range gets the same rule from its length, with its ends rounded out to the grain.
 */

export const RANGE_PRESETS = ["1h", "24h", "7d", "30d", "custom"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** The longest range a dashboard reads (a quarter and a bit; the day rollups keep far longer). */
export const MAX_RANGE_MS = 93 * DAY_MS;

/** The rollup table a grain reads. */
export type RollupGrain = "minute" | "hour" | "day";

export interface AnalyticsRange {
  preset: RangePreset;
  /** Epoch ms, inclusive, a multiple of the grain. */
  from: number;
  /** Epoch ms, exclusive, a multiple of the grain. */
  to: number;
  grain: RollupGrain;
  grainMs: number;
}

export interface RangeInput {
  preset?: string | null;
  /** Epoch ms (custom ranges). */
  from?: number | null;
  to?: number | null;
}

const GRAIN_MS: Record<RollupGrain, number> = { minute: MINUTE_MS, hour: HOUR_MS, day: DAY_MS };

/** The grain for a range of this length. */
export function grainFor(spanMs: number): RollupGrain {
  if (spanMs <= 3 * HOUR_MS) return "minute";
  if (spanMs <= 8 * DAY_MS) return "hour";
  return "day";
}

const PRESET_SPAN: Record<Exclude<RangePreset, "custom">, number> = {
  "1h": HOUR_MS,
  "24h": DAY_MS,
  "7d": 7 * DAY_MS,
  "30d": 30 * DAY_MS,
};

function isPreset(value: string): value is RangePreset {
  return (RANGE_PRESETS as readonly string[]).includes(value);
}

/**
 * Resolves a range: a preset ends now (rounded up to its grain); a custom one must be in order, not start in the
 * future and be at most 93 days long. Bad input is a BAD_REQUEST naming what is wrong.
 */
export function resolveRange(input: RangeInput, now: number): AnalyticsRange {
  const preset = input.preset ?? "24h";
  if (!isPreset(preset)) {
    throw new AppError("BAD_REQUEST", `Unknown range "${preset}": use 1h, 24h, 7d, 30d or custom`);
  }
  if (preset !== "custom") {
    const span = PRESET_SPAN[preset];
    const grain = grainFor(span);
    const grainMs = GRAIN_MS[grain];
    const to = Math.ceil((now + 1) / grainMs) * grainMs;
    return { preset, from: to - span, to, grain, grainMs };
  }
  const { from, to } = input;
  if (typeof from !== "number" || typeof to !== "number" || !Number.isFinite(from) || !Number.isFinite(to)) {
    throw new AppError("BAD_REQUEST", "A custom range needs a start and an end");
  }
  if (to <= from) throw new AppError("BAD_REQUEST", "The range's end must be after its start");
  if (from > now) throw new AppError("BAD_REQUEST", "The range cannot start in the future");
  if (to - from > MAX_RANGE_MS) throw new AppError("BAD_REQUEST", "The range can be at most 93 days long");
  const grain = grainFor(to - from);
  const grainMs = GRAIN_MS[grain];
  // The end is clamped to now (rounded up): the future holds no calls, and an end far ahead would stretch the chart.
  const end = Math.min(to, Math.ceil((now + 1) / grainMs) * grainMs);
  return {
    preset,
    from: Math.floor(from / grainMs) * grainMs,
    to: Math.ceil(end / grainMs) * grainMs,
    grain,
    grainMs,
  };
}

/** The period just before a range, of the same length and grain (the comparison). */
export function previousRange(range: AnalyticsRange): AnalyticsRange {
  const span = range.to - range.from;
  return { ...range, from: range.from - span, to: range.from };
}

/** The start of every bucket of the range, oldest first (empty buckets are charted as zero). */
export function bucketStarts(range: AnalyticsRange): number[] {
  const starts: number[] = [];
  for (let t = range.from; t < range.to; t += range.grainMs) starts.push(t);
  return starts;
}
