import type { Locale } from "../../common/locales";

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Grouped integers ("40,285", "40.285"): plain grouping renders the same in Node and browsers (compact may not). */
export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 0): string {
  const key = `${locale}:${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Dates in UTC so the server and the browser (any time zone) print the same day. One formatter per language: making
 * one costs far more than formatting, and a page of dates (the API reference's header, lists) made one per date.
 */
export function formatDate(epochMs: number, locale: Locale): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
    dateFormats.set(locale, format);
  }
  return format.format(epochMs);
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/**
 * "3 minutes ago", "vor 2 Stunden", "לפני יומיים": the largest unit that fits, in the page's language. Only for text
 * rendered in the browser (it depends on the clock), such as the notifications tray; pages rendered on the server
 * show formatDate so the server and the browser agree.
 */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

export function formatRelativeTime(epochMs: number, nowMs: number, locale: Locale): string {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    relativeFormats.set(locale, format);
  }
  let value = (epochMs - nowMs) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size || unit === "year") {
      // Under a minute reads as "now" rather than a ticking count of seconds.
      if (unit === "second") return format.format(0, "second");
      return format.format(Math.round(value), unit);
    }
    value /= size;
  }
  return format.format(Math.round(value), "year");
}

/** Up to two initials for a logo placeholder ("Open Weather" → "OW"). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]+/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length >= 2 ? [words[0]?.[0], words[1]?.[0]] : [...(words[0] ?? "?").slice(0, 2)];
  return letters.join("").toUpperCase() || "?";
}

/** A stable hue per name, so an API keeps its placeholder colour everywhere. */
export function hueOf(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) >>> 0;
  return hash % 360;
}
