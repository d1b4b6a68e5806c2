import { describe, expect, it } from "vitest";
import { changedPaths } from "./config-diff";

describe("changedPaths", () => {
  it("names each changed leaf by its dotted path, arrays as one leaf, added and removed keys included", () => {
    const before = { brandName: "A", theme: { bg: "#000", fg: "#fff" }, ext: ["png"], strings: { de: { x: "1" } } };
    const after = {
      brandName: "A",
      theme: { bg: "#111", fg: "#fff" },
      ext: ["png", "pdf"],
      strings: { he: { y: "2" } },
    };
    expect(changedPaths(before, after)).toEqual(["ext", "strings.de", "strings.he", "theme.bg"]);
  });

  it("is empty for equal configurations", () => {
    expect(changedPaths({ a: { b: [1] } }, { a: { b: [1] } })).toEqual([]);
  });
});
