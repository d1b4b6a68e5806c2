import { describe, expect, it } from "vitest";
import {
  decodeOffsetCursor,
  encodeOffsetCursor,
  parseSearchQuery,
  searchHref,
  searchPageHref,
  searchQueryString,
} from "./search-params";

describe("searchHref (spec section 5)", () => {
  it("removes slashes and goes nowhere for an empty cleaned term", () => {
    expect(searchHref("wea/ther")).toBe("/search/weather");
    expect(searchHref(" / ")).toBeNull();
    expect(searchHref("")).toBeNull();
    expect(searchHref("text to speech")).toBe("/search/text%20to%20speech");
  });
});

describe("offset cursors", () => {
  it("round-trips the base64 of the offset", () => {
    expect(encodeOffsetCursor(24)).toBe("MjQ=");
    expect(decodeOffsetCursor("MjQ=")).toBe(24);
  });

  it("reads junk as the first page", () => {
    for (const junk of [null, "", "!!", "YWJj", "LTE=", "x".repeat(40)]) expect(decodeOffsetCursor(junk)).toBe(0);
  });
});

describe("parseSearchQuery", () => {
  it("reads tab, filters, sort and cursor, ignoring unknown values", () => {
    const q = parseSearchQuery(
      "weather",
      new URLSearchParams(
        "tab=apis&category=Weather&category=Weather&pricing=free&pricing=bogus&auth=OAuth&auth=apiKey&tag=CORS:yes&rating=4&documented=1&healthy=yes&sort=name&after=MjQ=",
      ),
    );
    expect(q).toEqual({
      term: "weather",
      tab: "apis",
      categories: ["Weather"],
      pricing: ["FREE"],
      auth: ["OAuth", "apiKey"],
      tags: ["CORS:yes"],
      minRating: 4,
      // "Has endpoints" and "Healthy" are on only as "1".
      documented: true,
      healthy: false,
      sort: "name",
      offset: 24,
    });
    const fallback = parseSearchQuery(undefined, new URLSearchParams("tab=nope&sort=nope&rating=5"));
    expect(fallback.minRating).toBeNull();
    expect(fallback.tab).toBe("all");
    expect(fallback.sort).toBeNull();
    expect(fallback.term).toBe("");
  });

  it("caps the number of filter values", () => {
    const params = new URLSearchParams();
    for (let i = 0; i < 50; i++) params.append("category", `c${i}`);
    expect(parseSearchQuery("x", params).categories).toHaveLength(10);
  });
});

describe("page URLs", () => {
  const query = parseSearchQuery("weather", new URLSearchParams("tab=apis&pricing=FREE&after=MjQ="));

  it("leave defaults out and start again at the first page when something changes", () => {
    expect(searchPageHref(query, { sort: "rating" })).toBe("/search/weather?tab=apis&pricing=FREE&sort=rating");
    expect(searchPageHref(query, { tab: "all", pricing: [] })).toBe("/search/weather");
    expect(searchPageHref(query, { auth: ["OAuth"] })).toBe("/search/weather?tab=apis&pricing=FREE&auth=OAuth");
    expect(searchPageHref(query, { documented: true, healthy: true })).toBe(
      "/search/weather?tab=apis&pricing=FREE&documented=1&healthy=1",
    );
  });

  it("keep everything else for a paging link", () => {
    expect(searchPageHref(query, { offset: 48 })).toBe("/search/weather?tab=apis&pricing=FREE&after=NDg%3D");
    expect(searchQueryString({ ...query, tab: "all", pricing: [], offset: 0 })).toBe("");
  });

  it("without a term point at /search", () => {
    expect(searchPageHref(parseSearchQuery(undefined, new URLSearchParams()), { tab: "collections" })).toBe(
      "/search?tab=collections",
    );
  });
});
