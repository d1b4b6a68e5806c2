import { describe, expect, it } from "vitest";
import { searchEventSentBefore } from "./search-events";

describe("searchEventSentBefore", () => {
  it("is true only for navigation state naming the same term", () => {
    expect(searchEventSentBefore({ searchEventSent: "weather" }, "weather")).toBe(true);
    expect(searchEventSentBefore({ searchEventSent: "weather" }, "weat")).toBe(false);
    for (const state of [null, undefined, "weather", 1, {}, { searchEventSent: 1 }]) {
      expect(searchEventSentBefore(state, "weather")).toBe(false);
    }
  });
});
