import { describe, expect, it } from "vitest";
import { parseTenantConfig } from "../tenant-config";
import { contrastRatio, themeContrastChecks, WCAG_AA } from "./contrast";

describe("contrast", () => {
  it("computes WCAG ratios: black on white is 21, equal colours 1, #767676 on white just passes AA", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(WCAG_AA);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(WCAG_AA);
  });

  it("flags a masthead whose links disappear into its background, and passes the default masthead links", () => {
    const ok = themeContrastChecks(parseTenantConfig({}));
    expect(ok.find((c) => c.pair === "navLink")?.passes).toBe(true);
    const bad = themeContrastChecks(parseTenantConfig({ theme: { backgroundColor: "#ffffff", linkColor: "#eeeeee" } }));
    expect(bad.find((c) => c.pair === "navLink")).toMatchObject({ passes: false, foreground: "#eeeeee" });
  });
});
