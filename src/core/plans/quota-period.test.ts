import { describe, expect, it } from "vitest";
import { nextPeriodStart, periodStart, resetSeconds, retryAfterSeconds } from "./quota-period";

const at = (iso: string) => Date.parse(iso);

describe("quota periods (UTC calendar periods)", () => {
  it("a day runs from UTC midnight to the next", () => {
    const now = at("2026-03-15T23:59:59.999Z");
    expect(periodStart("day", now)).toBe(at("2026-03-15T00:00:00Z"));
    expect(nextPeriodStart("day", now)).toBe(at("2026-03-16T00:00:00Z"));
  });

  it("a month runs from its first day to the next month's, across the year end", () => {
    expect(periodStart("month", at("2026-12-31T12:00:00Z"))).toBe(at("2026-12-01T00:00:00Z"));
    expect(nextPeriodStart("month", at("2026-12-31T12:00:00Z"))).toBe(at("2027-01-01T00:00:00Z"));
  });

  it("February ends on the 28th or, in a leap year, the 29th", () => {
    expect(nextPeriodStart("month", at("2027-02-10T00:00:00Z"))).toBe(at("2027-03-01T00:00:00Z"));
    expect(nextPeriodStart("day", at("2028-02-28T10:00:00Z"))).toBe(at("2028-02-29T00:00:00Z"));
    expect(nextPeriodStart("day", at("2028-02-29T10:00:00Z"))).toBe(at("2028-03-01T00:00:00Z"));
  });

  it("a year runs from 1 January to the next", () => {
    expect(periodStart("year", at("2026-07-04T08:00:00Z"))).toBe(at("2026-01-01T00:00:00Z"));
    expect(nextPeriodStart("year", at("2026-07-04T08:00:00Z"))).toBe(at("2027-01-01T00:00:00Z"));
  });

  it("the first instant of a period belongs to it, not to the one before", () => {
    for (const period of ["day", "month", "year"] as const) {
      const start = at("2026-01-01T00:00:00Z");
      expect(periodStart(period, start)).toBe(start);
      expect(periodStart(period, start - 1)).toBeLessThan(start);
      expect(nextPeriodStart(period, start - 1)).toBe(start);
    }
  });

  it("the next period starts where the current one's next instant is", () => {
    const now = at("2026-05-20T13:14:15Z");
    for (const period of ["day", "month", "year"] as const) {
      const end = nextPeriodStart(period, now);
      expect(periodStart(period, end)).toBe(end);
      expect(periodStart(period, end - 1)).toBe(periodStart(period, now));
    }
  });
});

describe("reset headers", () => {
  it("reset seconds round up, so waiting that long finds the limit reset", () => {
    expect(resetSeconds(0)).toBe(0);
    expect(resetSeconds(1)).toBe(1);
    expect(resetSeconds(1000)).toBe(1);
    expect(resetSeconds(1001)).toBe(2);
  });

  it("Retry-After is at least one second", () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(10)).toBe(1);
    expect(retryAfterSeconds(2500)).toBe(3);
  });
});
