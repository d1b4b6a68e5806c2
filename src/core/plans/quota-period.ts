/** Quota periods are UTC calendar periods: a day, month or year quota resets at the start of the next one. */
export type QuotaPeriodName = "day" | "month" | "year";

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
