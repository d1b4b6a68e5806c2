import { describe, expect, it } from "vitest";
import { productNavItems, unifiedNavItems } from "./nav-items";

describe("nav items", () => {
  it("classic bar: hub, docs, add your API", () => {
    expect(productNavItems("#", "/studio").map((i) => i.id)).toEqual(["hub", "docs", "add-api"]);
  });

  it("unified masthead: My APIs only with the permission, at the studio path", () => {
    expect(unifiedNavItems("#", "/studio", false).map((i) => i.id)).toEqual(["hub", "my-apps", "docs"]);
    const full = unifiedNavItems("/docs", "/provider", true);
    expect(full.map((i) => i.id)).toEqual(["hub", "my-apps", "my-apis", "docs"]);
    expect(full.find((i) => i.id === "my-apis")?.href).toBe("/provider");
    expect(full.find((i) => i.id === "docs")?.external).toBe(false);
  });
});
