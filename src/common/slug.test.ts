import { describe, expect, it } from "vitest";
import { isValidSlug, sanitizeSlug } from "./slug";
import { isValidHttpUrl, sanitizeHref } from "./url";

describe("slugs", () => {
  it("accepts already-sanitised slugs only", () => {
    expect(isValidSlug("weather")).toBe(true);
    expect(isValidSlug("open-weather-map")).toBe(true);
    expect(isValidSlug("")).toBe(false);
    expect(isValidSlug("Weather")).toBe(false);
    expect(isValidSlug("a b")).toBe(false);
    expect(isValidSlug("-a")).toBe(false);
    expect(isValidSlug("<script>")).toBe(false);
  });
  it("sanitises names", () => {
    expect(sanitizeSlug("Art & Design")).toBe("art-and-design");
    expect(sanitizeSlug("Café Ünïcode")).toBe("cafe-unicode");
  });
});

describe("urls", () => {
  it("accepts http and https with a host", () => {
    expect(isValidHttpUrl("https://example.com")).toBe(true);
    expect(isValidHttpUrl("http://127.0.0.1:8080/a?b=c#d")).toBe(true);
    expect(isValidHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isValidHttpUrl("ftp://example.com")).toBe(false);
    expect(isValidHttpUrl("https://")).toBe(false);
    expect(isValidHttpUrl("example.com")).toBe(false);
  });
  it("turns unsafe hrefs into /", () => {
    expect(sanitizeHref("javascript:alert(1)")).toBe("/");
    expect(sanitizeHref("about:blank")).toBe("/");
    expect(sanitizeHref("//evil.com")).toBe("/");
    expect(sanitizeHref("/hub")).toBe("/hub");
  });
});
