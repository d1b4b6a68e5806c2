import { describe, expect, it } from "vitest";
import { buildResources, formatMessage, lookupMessage, mergeMessages, overridesToMessages } from "./build-resources";

const source = {
  nav: { logIn: "Log In", signUp: "Sign Up" },
  common: { apiCount_one: "{{count}} API", apiCount_other: "{{count}} APIs" },
};

describe("buildResources", () => {
  it("falls back to en-US for keys the locale lacks", () => {
    const tree = buildResources("de", { source, target: { nav: { logIn: "Anmelden" } } }, {});
    expect(lookupMessage(tree, "nav.logIn")).toBe("Anmelden");
    expect(lookupMessage(tree, "nav.signUp")).toBe("Sign Up");
  });

  it("lets tenant strings override the catalog of their locale only", () => {
    const strings = { de: { "nav.logIn": "Einloggen" }, "en-US": { "nav.signUp": "Join" } };
    const de = buildResources("de", { source, target: { nav: { logIn: "Anmelden" } } }, strings);
    expect(lookupMessage(de, "nav.logIn")).toBe("Einloggen");
    expect(lookupMessage(de, "nav.signUp")).toBe("Join");
    const en = buildResources("en-US", { source, target: undefined }, strings);
    expect(lookupMessage(en, "nav.logIn")).toBe("Log In");
  });

  it("fills every plural category from the locale's own _other form", () => {
    const ja = buildResources("ja", { source, target: { common: { apiCount_other: "{{count}} 件の API" } } }, {});
    expect(lookupMessage(ja, "common.apiCount_one")).toBe("{{count}} 件の API");
    expect(lookupMessage(ja, "common.apiCount_many")).toBe("{{count}} 件の API");
    const en = buildResources("en-US", { source, target: undefined }, {});
    expect(lookupMessage(en, "common.apiCount_one")).toBe("{{count}} API");
    expect(lookupMessage(en, "common.apiCount_few")).toBe("{{count}} APIs");
  });
});

describe("overridesToMessages", () => {
  it("nests dotted keys and refuses to replace a section with a string", () => {
    expect(overridesToMessages({ "hub.heroTitle": "Hi", nav: "oops" })).toEqual({
      hub: { heroTitle: "Hi" },
      nav: "oops",
    });
    const merged = mergeMessages(source, overridesToMessages({ nav: "oops" }));
    expect(merged.nav).toBe("oops");
    expect(overridesToMessages({ "a.b": "x", "a.b.c": "y" })).toEqual({ a: { b: "x" } });
  });
});

describe("formatMessage", () => {
  it("interpolates and returns the key when missing", () => {
    const tree = { meta: { apiTitle: "{{name}} API | {{brand}}" } };
    expect(formatMessage(tree, "meta.apiTitle", { name: "Weather", brand: "Portico" })).toBe("Weather API | Portico");
    expect(formatMessage(tree, "meta.nope")).toBe("meta.nope");
    expect(formatMessage(tree, "meta.apiTitle", { name: "X" })).toBe("X API | {{brand}}");
  });
});
