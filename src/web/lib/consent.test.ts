import { describe, expect, it } from "vitest";
import { analyticsAllowed, readConsent } from "./consent";

describe("readConsent", () => {
  it("reads the stored choice among other cookies", () => {
    expect(readConsent("portico_theme=dark; portico_consent=all; x=1")).toBe("all");
    expect(readConsent("portico_consent=necessary")).toBe("necessary");
  });

  it("ignores missing, foreign and unknown values", () => {
    expect(readConsent(null)).toBeNull();
    expect(readConsent("")).toBeNull();
    expect(readConsent("other_consent=all")).toBeNull();
    expect(readConsent("portico_consent=yes")).toBeNull();
  });
});

describe("analyticsAllowed", () => {
  it("follows an explicit choice", () => {
    expect(analyticsAllowed("all", true)).toBe(true);
    expect(analyticsAllowed("necessary", false)).toBe(false);
  });

  it("waits for consent when the tenant asks for it, and is on otherwise", () => {
    expect(analyticsAllowed(null, true)).toBe(false);
    expect(analyticsAllowed(null, false)).toBe(true);
  });
});
