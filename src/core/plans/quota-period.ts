import type { QuotaPeriod } from "../../db/tables/gateway.tables";

/** Quota periods are UTC calendar periods: a day, month or year quota resets at the start of the next one. */
export type QuotaPeriodName = QuotaPeriod;

/** Start of the UTC period containing `nowMs`. */
export function periodStart(period: QuotaPeriodName, nowMs: number): number {
  const d = new Date(nowMs);
  if (period === "day") return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (period === "month") return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  return Date.UTC(d.getUTCFullYear(), 0, 1);
}

/** Start of the UTC period after the one containing `nowMs` (when the quota resets). */
export function nextPeriodStart(period: QuotaPeriodName, nowMs: number): number {
  const d = new Date(nowMs);
  if (period === "day") return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  if (period === "month") return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return Date.UTC(d.getUTCFullYear() + 1, 0, 1);
}

/**
 * Seconds until a limit resets, as X-RateLimit-Reset and X-RateLimit-Requests-Reset carry them: rounded up, so a
 * client that waits that long finds the limit reset.
 */
export function resetSeconds(resetMs: number): number {
  return Math.ceil(resetMs / 1000);
}

/** Retry-After of a refused call in seconds: rounded up and at least 1 (0 would invite an immediate retry). */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}
