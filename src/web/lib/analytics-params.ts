import type { RangeInput } from "../../core/analytics/analytics-range";

/*
 * The dashboard's range in the address: ?range=1h|24h|7d|30d|custom&from=…&to=… where from and to are the
 * datetime-local values of the form, read as UTC (the page says so). A missing or unreadable custom end is passed on
 * as missing, and core answers "A custom range needs a start and an end".
 */

function utcMs(value: string | null): number | null {
  if (!value) return null;
  const ms = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isFinite(ms) ? ms : null;
}

export function rangeInputFromUrl(url: URL): RangeInput {
  return {
    preset: url.searchParams.get("range") || "24h",
    from: utcMs(url.searchParams.get("from")),
    to: utcMs(url.searchParams.get("to")),
  };
}

/** A datetime-local value (UTC) for an epoch ms. */
export function toDateTimeLocal(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}
