import { describe, expect, it } from "vitest";
import { applyFilterChange, sameSearchAddress } from "./search-filter-change";

describe("applyFilterChange", () => {
  it("adds and removes one value of a list, keeping the others and dropping the page cursor", () => {
    const on = applyFilterChange("?category=Weather&after=MjQ%3D", {
      name: "pricing",
      value: "PAID",
      kind: "checkbox",
      checked: true,
    });
    expect(on).toBe("?category=Weather&pricing=PAID");
    const off = applyFilterChange("?category=Weather&category=Maps&sort=name", {
      name: "category",
      value: "weather",
      kind: "checkbox",
      checked: false,
    });
    expect(off).toBe("?sort=name&category=Maps");
  });

  it("does not repeat a value that is already on", () => {
    expect(applyFilterChange("?auth=apiKey", { name: "auth", value: "apiKey", kind: "checkbox", checked: true })).toBe(
      "?auth=apiKey",
    );
  });

  it("sets a single value and removes it for the empty choice", () => {
    // After 'Clear filters' the address has no filters: a sort change must not bring them back.
    expect(applyFilterChange("", { name: "sort", value: "name", kind: "single", checked: true })).toBe("?sort=name");
    expect(applyFilterChange("?rating=4&tab=apis", { name: "rating", value: "", kind: "single", checked: true })).toBe(
      "?tab=apis",
    );
  });
});

describe("sameSearchAddress", () => {
  const base = "https://portico.test";
  it("ignores parameter order, encoding and the hash", () => {
    expect(
      sameSearchAddress(
        new URL("/search/text%20to%20speech?sort=name&tag=a%3Ab#x", base),
        new URL("/search/text to speech?tag=a:b&sort=name", base),
      ),
    ).toBe(true);
  });

  it("tells a cleared filter apart", () => {
    expect(sameSearchAddress(new URL("/search/w?category=Weather", base), new URL("/search/w", base))).toBe(false);
    expect(sameSearchAddress(new URL("/search/w?a=1&a=1", base), new URL("/search/w?a=1", base))).toBe(false);
  });
});
