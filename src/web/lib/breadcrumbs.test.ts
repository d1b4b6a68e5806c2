import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, buildBreadcrumbs } from "./breadcrumbs";

describe("buildBreadcrumbs", () => {
  it("starts at Home (/hub) and appends each route's steps once", () => {
    const matches = [
      { handle: undefined, loaderData: {} },
      { handle: { breadcrumb: () => [{ path: "/categories", labelKey: "categories.title" }] }, loaderData: {} },
      {
        handle: { breadcrumb: (d: unknown) => [{ path: "/category/x", label: (d as { name: string }).name }] },
        loaderData: { name: "Weather" },
      },
      { handle: { breadcrumb: () => [{ path: "/hub", labelKey: "common.home" }] }, loaderData: {} },
    ];
    expect(buildBreadcrumbs(matches)).toEqual([
      { path: "/hub", labelKey: "common.home" },
      { path: "/categories", labelKey: "categories.title" },
      { path: "/category/x", label: "Weather" },
    ]);
  });
  it("skips routes without data (error boundary showing)", () => {
    const matches = [{ handle: { breadcrumb: () => [{ path: "/x", label: "X" }] }, loaderData: undefined }];
    expect(buildBreadcrumbs(matches)).toHaveLength(1);
  });
});

describe("breadcrumbJsonLd", () => {
  it("builds absolute items and cannot break out of the script element", () => {
    const json = breadcrumbJsonLd(
      [
        { path: "/hub", label: "Home" },
        { path: "/de/page/x", label: "</script><script>alert(1)</script>" },
      ],
      "https://hub.example",
    );
    expect(json).not.toContain("</script>");
    const parsed = JSON.parse(json);
    expect(parsed["@type"]).toBe("BreadcrumbList");
    expect(parsed.itemListElement[1]).toMatchObject({ position: 2, item: "https://hub.example/de/page/x" });
    expect(parsed.itemListElement[1].name).toBe("</script><script>alert(1)</script>");
  });
});
