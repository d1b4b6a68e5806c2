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
      "/a/../auth",
      "/%5Cevil.example",
      "/\t/evil.example",
      "/x%253Bfoo",
      "",
      42,
      undefined,
    ]) {
      expect(safeReferral(bad)).toBe("/hub");
    }
  });
});

describe("safeReferral in a Location header", () => {
  it("percent-encodes non-Latin-1 paths, queries and fragments instead of passing them raw", () => {
    expect(safeReferral("/search/検索")).toBe("/search/%E6%A4%9C%E7%B4%A2");
    expect(safeReferral("/search/wetter?q=grüße#ü")).toBe("/search/wetter?q=gr%C3%BC%C3%9Fe#%C3%BC");
    expect(safeReferral("/de/hub")).toBe("/de/hub");
  });

  it("only ever answers printable ASCII", () => {
    for (const input of ["/a\u2028b", "/😀", "/x?y=\u00ff", "/search/%E2%9C%93"]) {
      expect(safeReferral(input)).toMatch(/^\/[\x21-\x7e]*$/);
    }
  });
});
