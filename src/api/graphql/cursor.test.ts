import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor";

describe("cursors", () => {
  it("round-trips offsets", () => {
    expect(decodeCursor(encodeCursor(0))).toBe(0);
    expect(decodeCursor(encodeCursor(120))).toBe(120);
    expect(decodeCursor(null)).toBe(0);
  });
  it("rejects malformed cursors", () => {
    expect(() => decodeCursor("not base64!")).toThrow("Invalid cursor");
    expect(() => decodeCursor(Buffer.from("-3").toString("base64"))).toThrow("Invalid cursor");
    expect(() => decodeCursor(Buffer.from("abc").toString("base64"))).toThrow("Invalid cursor");
  });
});
