import { describe, expect, it } from "vitest";
import { safeReferral } from "./http-answers";

describe("safeReferral", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeReferral("/my-saved-apis")).toBe("/my-saved-apis");
    expect(safeReferral("/search/weather?tab=apis")).toBe("/search/weather?tab=apis");
  });

  it("sends anything else to /hub", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "/x%3Cscript%3E",
      "/auth?referral=/auth",
      "",
      42,
      undefined,
    ]) {
      expect(safeReferral(bad)).toBe("/hub");
    }
  });
});
