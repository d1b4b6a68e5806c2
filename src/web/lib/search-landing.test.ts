import { describe, expect, it } from "vitest";
import { canonicalLink } from "./meta";
import { isSearchLandingPage } from "./search-params";

describe("search landing pages (issue 18)", () => {
  it("indexes /search/<term> without a query string when it has results", () => {
    expect(isSearchLandingPage("weather", "", 12)).toBe(true);
  });

  it("keeps filtered, sorted, paged variants, empty results and the browse page out of the index", () => {
    expect(isSearchLandingPage("weather", "?category=Weather", 3)).toBe(false);
    expect(isSearchLandingPage("weather", "?sort=name", 12)).toBe(false);
    expect(isSearchLandingPage("weather", "?after=MjQ%3D", 12)).toBe(false);
    expect(isSearchLandingPage("qzxqvwpl", "", 0)).toBe(false);
    expect(isSearchLandingPage("", "", 40)).toBe(false);
  });

  it("gives the canonical link the root loader's origin (crawlers need an absolute address)", () => {
    const root = { id: "root", loaderData: { catalog: "", brand: "Portico", origin: "https://market.example" } };
    expect(canonicalLink([root], "/de/search/weather")).toEqual([
      { tagName: "link", rel: "canonical", href: "https://market.example/de/search/weather" },
    ]);
    expect(canonicalLink([], "/search/weather")).toEqual([]);
  });
});
