import { describe, expect, it } from "vitest";
import { pageCount, pageFromUrl, pageHref } from "./paging";

describe("paging", () => {
  it("parses ?page safely", () => {
    expect(pageFromUrl(new URL("http://x/c?page=3"), 24)).toEqual({ page: 3, offset: 48, limit: 24 });
    expect(pageFromUrl(new URL("http://x/c?page=-2"), 24).page).toBe(1);
    expect(pageFromUrl(new URL("http://x/c?page=abc"), 24).page).toBe(1);
    expect(pageFromUrl(new URL("http://x/c?page=0"), 24).page).toBe(1);
  });
  it("counts pages and builds links keeping other params", () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(49, 24)).toBe(3);
    expect(pageHref("/a", "?q=get&page=2", 3)).toBe("/a?q=get&page=3");
    expect(pageHref("/a", "?q=get&page=2", 1)).toBe("/a?q=get");
  });
});
