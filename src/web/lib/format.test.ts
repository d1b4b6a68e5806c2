import { describe, expect, it } from "vitest";
import { formatDate, formatNumber, formatRelativeTime, hueOf, initialsOf } from "./format";

describe("format helpers", () => {
  it("groups numbers per locale", () => {
    expect(formatNumber(40285, "en-US")).toBe("40,285");
    expect(formatNumber(40285, "de")).toBe("40.285");
  });
  it("prints dates in UTC", () => {
    expect(formatDate(Date.UTC(2026, 0, 31, 23, 30), "en-US")).toBe("Jan 31, 2026");
  });
  it("derives initials and a stable hue", () => {
    expect(initialsOf("Open Weather Map")).toBe("OW");
    expect(initialsOf("dYdX")).toBe("DY");
    expect(initialsOf("!!!")).toBe("?");
    expect(hueOf("x")).toBe(hueOf("x"));
    expect(hueOf("x")).not.toBe(hueOf("y"));
  });
});

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

describe("formatRelativeTime", () => {
  it("picks the largest unit that fits, in the page's language", () => {
    expect(formatRelativeTime(NOW - 20_000, NOW, "en-US")).toBe("now");
    expect(formatRelativeTime(NOW - 3 * 60_000, NOW, "en-US")).toBe("3 minutes ago");
    expect(formatRelativeTime(NOW - 2 * 3_600_000, NOW, "de")).toBe("vor 2 Stunden");
    expect(formatRelativeTime(NOW - 86_400_000, NOW, "fr")).toBe("hier");
    expect(formatRelativeTime(NOW - 2 * 86_400_000, NOW, "he")).toBe("שלשום");
    expect(formatRelativeTime(NOW - 400 * 86_400_000, NOW, "ja")).toBe("昨年");
  });
});

describe("formatDate and formatNumber", () => {
  it("follow the page's locale and print the same day in every time zone (UTC)", () => {
    expect(formatDate(Date.UTC(2026, 10, 13, 23, 30), "he")).toBe("13 בנוב׳ 2026");
    expect(formatDate(Date.UTC(2026, 10, 13, 23, 30), "de")).toBe("13.11.2026");
    expect(formatNumber(40285, "de")).toBe("40.285");
    expect(formatNumber(40285, "hi")).toBe("40,285");
  });
});
