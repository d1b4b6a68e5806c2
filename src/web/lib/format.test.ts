import { describe, expect, it } from "vitest";
import { formatDate, formatNumber, hueOf, initialsOf } from "./format";

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
