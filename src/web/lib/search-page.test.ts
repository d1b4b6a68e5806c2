import { describe, expect, it } from "vitest";
import type { TagDefinition } from "../../core/search/search.types";
import { isFacetTag, visibleTagFilters } from "./search-page.server";

const definition = (name: string, values: string[], isVisible = true): TagDefinition => ({
  id: name,
  name,
  color: null,
  description: null,
  status: "ACTIVE",
  type: "LIST",
  values,
  isVisible,
  showTagName: true,
});

describe("search page tag filters", () => {
  it("keeps only Name:value pairs of visible definitions", () => {
    const defs = [definition("CORS", ["yes", "no"]), definition("Source", ["x"], false)];
    expect(visibleTagFilters(["CORS:yes", "CORS:maybe", "Source:x", "yes", ":yes", "Nope:yes"], defs)).toEqual([
      "CORS:yes",
    ]);
  });

  it("recognizes tags that repeat a counted facet (no second checkbox group)", () => {
    for (const name of ["Auth", "authentication", " Category ", "Pricing"]) expect(isFacetTag(name)).toBe(true);
    for (const name of ["CORS", "Source", "Authors"]) expect(isFacetTag(name)).toBe(false);
  });
});
