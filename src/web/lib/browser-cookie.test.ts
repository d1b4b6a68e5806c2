import { afterEach, describe, expect, it, vi } from "vitest";
import { storeConsent } from "./consent";
import { storeLocale, storeTheme, THEME_BOOT_SCRIPT } from "./preferences";

/** A document whose cookie setter records every write. */
function fakePage(protocol: "http:" | "https:"): string[] {
  const written: string[] = [];
  vi.stubGlobal("location", { protocol });
  vi.stubGlobal("document", {
    documentElement: { classList: { toggle() {}, add() {} } },
    set cookie(value: string) {
      written.push(value);
    },
  });
  return written;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cookies the browser sets", () => {
  it("are Secure on https pages (a TLS-terminating proxy in front)", () => {
    const written = fakePage("https:");
    storeTheme("dark");
    storeLocale("de");
    storeConsent("all");
    expect(written).toHaveLength(3);
    for (const line of written) expect(line).toMatch(/;path=\/;max-age=31536000;samesite=lax;secure$/);
  });

  it("are not Secure on plain http (development), where the browser would drop them", () => {
    const written = fakePage("http:");
    storeTheme("light");
    expect(written).toEqual(["portico_theme=light;path=/;max-age=31536000;samesite=lax"]);
  });

  it("the theme boot script restores the cookie with Secure on https pages too", () => {
    const written = fakePage("https:");
    vi.stubGlobal("localStorage", { getItem: () => "dark" });
    new Function(THEME_BOOT_SCRIPT)();
    expect(written).toEqual(["portico_theme=dark;path=/;max-age=31536000;samesite=lax;secure"]);
  });
});
