import type { QuotaPeriod, RateLimitUnit } from "../../db/tables/gateway.tables";

/** Spec section 9: plan periods day, month, year are abbreviated day, mo, yr. */
export const PERIOD_ABBREVIATIONS: Record<QuotaPeriod, string> = { day: "day", month: "mo", year: "yr" };

/** Spec section 9, word for word: 'no rate limit', 'one request per {unit}', '{count} requests per {unit}'. */
export function rateLimitText(rateLimit: { count: number; unit: RateLimitUnit } | null): string {
  if (!rateLimit) return "no rate limit";
  if (rateLimit.count === 1) return `one request per ${rateLimit.unit}`;
  return `${rateLimit.count} requests per ${rateLimit.unit}`;
}

/** "1000 / mo", or "unlimited" without a quota. Number grouping is left to the UI's locale. */
export function quotaText(quota: number | null, period: QuotaPeriod): string {
  if (quota === null) return "unlimited";
  return `${quota} / ${PERIOD_ABBREVIATIONS[period]}`;
}

const UNIT_MS: Record<RateLimitUnit, number> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  // Rate-limit windows slide, so month and year are fixed lengths (30 and 365 days), unlike calendar quota periods.
  month: 30 * 86_400_000,
  year: 365 * 86_400_000,
};

export function rateLimitWindowMs(unit: RateLimitUnit): number {
  return UNIT_MS[unit];
}
