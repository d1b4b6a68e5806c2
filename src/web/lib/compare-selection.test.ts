import { describe, expect, it } from "vitest";
import { COMPARE_LIMIT, compareHref, parseSelection, toggleIn } from "./compare-selection";

const item = (n: number) => ({ ref: `owner/api-${n}`, name: `API ${n}` });

describe("compare selection", () => {
  it("adds, removes and refuses a fifth API", () => {
    let items = [item(1)];
    const added = toggleIn(items, item(2));
    expect(added).toEqual([item(1), item(2)]);
    expect(toggleIn([item(1), item(2)], item(1))).toEqual([item(2)]);
    items = Array.from({ length: COMPARE_LIMIT }, (_, i) => item(i));
    expect(toggleIn(items, item(99))).toBe("full");
  });

  it("reads stored selections defensively", () => {
    expect(parseSelection(null)).toEqual([]);
    expect(parseSelection("nope")).toEqual([]);
    expect(parseSelection('{"ref":"a/b"}')).toEqual([]);
    const stored = JSON.stringify([item(1), item(1), { ref: 5 }, item(2), item(3), item(4), item(5)]);
    expect(parseSelection(stored).map((i) => i.ref)).toEqual([
      "owner/api-1",
      "owner/api-2",
      "owner/api-3",
      "owner/api-4",
    ]);
  });

  it("builds the shareable address", () => {
    expect(compareHref(["a/b", "c d/e"])).toBe("/compare?apis=a/b,c%20d/e");
  });
});
