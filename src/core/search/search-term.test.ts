import { describe, expect, it } from "vitest";
import { cleanSearchTerm, isQueryableTerm, MAX_TERM_LENGTH } from "./search-term";

describe("cleanSearchTerm (spec section 5)", () => {
  it("removes slashes and backslashes", () => {
    expect(cleanSearchTerm("/weather/forecast")).toBe("weatherforecast");
    expect(cleanSearchTerm("a\\b")).toBe("ab");
  });

  it("trims, collapses whitespace and drops control characters", () => {
    expect(cleanSearchTerm("  open \t\n weather\u0000 ")).toBe("open weather");
  });

  it("treats a term of only slashes or spaces as empty, so no query is sent", () => {
    expect(cleanSearchTerm("///")).toBe("");
    expect(isQueryableTerm(" / ")).toBe(false);
    expect(isQueryableTerm(null)).toBe(false);
    expect(isQueryableTerm("w")).toBe(true);
  });

  it("caps the length by code point without splitting an emoji", () => {
    const long = "🙂".repeat(MAX_TERM_LENGTH + 50);
    const cleaned = cleanSearchTerm(long);
    expect(Array.from(cleaned)).toHaveLength(MAX_TERM_LENGTH);
    expect(cleaned).toBe("🙂".repeat(MAX_TERM_LENGTH));
    expect(cleanSearchTerm("x".repeat(10_000))).toHaveLength(MAX_TERM_LENGTH);
  });
});
