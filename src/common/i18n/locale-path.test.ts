import { describe, expect, it } from "vitest";
import { localizePath, negotiateLocale, rootLocaleRedirect, splitLocalePath, switchLocalePath } from "./locale-path";

describe("splitLocalePath", () => {
  it("reads a known prefix", () => {
    expect(splitLocalePath("/de/hub")).toEqual({ locale: "de", path: "/hub" });
    expect(splitLocalePath("/he")).toEqual({ locale: "he", path: "/" });
  });
  it("treats unprefixed and unknown prefixes as en-US paths", () => {
    expect(splitLocalePath("/hub")).toEqual({ locale: "en-US", path: "/hub" });
    expect(splitLocalePath("/xx/hub")).toEqual({ locale: "en-US", path: "/xx/hub" });
    expect(splitLocalePath("/en-US/hub")).toEqual({ locale: "en-US", path: "/en-US/hub" });
  });
});

describe("localizePath", () => {
  it("leaves en-US paths alone and prefixes others", () => {
    expect(localizePath("/hub", "en-US")).toBe("/hub");
    expect(localizePath("/hub", "ja")).toBe("/ja/hub");
    expect(localizePath("/", "fr")).toBe("/fr");
    expect(localizePath("/?q=1", "fr")).toBe("/fr?q=1");
  });
  it("does not touch external or protocol-relative URLs", () => {
    expect(localizePath("https://example.com/x", "de")).toBe("https://example.com/x");
    expect(localizePath("//evil.example", "de")).toBe("//evil.example");
  });
});

describe("switchLocalePath", () => {
  it("moves a page between languages", () => {
    expect(switchLocalePath("/de/category/weather", "fr")).toBe("/fr/category/weather");
    expect(switchLocalePath("/de", "en-US")).toBe("/");
    expect(switchLocalePath("/alice/api/x", "he")).toBe("/he/alice/api/x");
  });
});

describe("negotiateLocale", () => {
  it("honours q-values and region fallbacks", () => {
    expect(negotiateLocale("fr-CH, fr;q=0.9, en;q=0.8")).toBe("fr");
    expect(negotiateLocale("en-GB,de;q=0.5")).toBe("en-US");
    expect(negotiateLocale("sv;q=1, pt-BR;q=0.4")).toBe("pt");
    expect(negotiateLocale("de;q=0.2, ja;q=0.7")).toBe("ja");
  });
  it("returns null for nothing usable", () => {
    expect(negotiateLocale(null)).toBeNull();
    expect(negotiateLocale("sv, da;q=0.5, *")).toBeNull();
    expect(negotiateLocale("de;q=0")).toBeNull();
  });
});

describe("rootLocaleRedirect", () => {
  it("prefers the cookie over the browser", () => {
    expect(rootLocaleRedirect("es", "de")).toBe("/es");
    expect(rootLocaleRedirect("en-US", "de")).toBeNull();
  });
  it("falls back to Accept-Language, staying put for English", () => {
    expect(rootLocaleRedirect(null, "he-IL,he;q=0.9")).toBe("/he");
    expect(rootLocaleRedirect(null, "en-US")).toBeNull();
    expect(rootLocaleRedirect("bogus", null)).toBeNull();
  });
});
