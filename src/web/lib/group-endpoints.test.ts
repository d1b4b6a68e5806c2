import { describe, expect, it } from "vitest";
import { groupByTag } from "./group-endpoints";

describe("groupByTag", () => {
  it("keeps first-appearance order and files untagged endpoints together", () => {
    const items = [
      { id: 1, tags: ["pets"] },
      { id: 2, tags: [] },
      { id: 3, tags: ["store", "pets"] },
      { id: 4, tags: ["pets"] },
      { id: 5, tags: [" "] },
    ];
    expect(groupByTag(items, "General")).toEqual([
      { tag: "pets", items: [items[0], items[3]] },
      { tag: "General", items: [items[1], items[4]] },
      { tag: "store", items: [items[2]] },
    ]);
  });
});
