import { describe, expect, it } from "vitest";
import type { Messages } from "./catalog";
import { catalogProblems, missingKeys } from "./coverage";

const source: Messages = {
  nav: { home: "Home", count_one: "{{count}} key", count_other: "{{count}} keys" },
  social: { github: "https://github.com" },
  api: { by: "by {{owner}}" },
};

describe("missingKeys", () => {
  it("lists absent keys and the plural forms each language writes, but not tenant URLs", () => {
    expect(missingKeys("de", source, { nav: { home: "Start" } })).toEqual([
      "api.by",
      "nav.count_one",
      "nav.count_other",
    ]);
    expect(
      missingKeys("ja", source, { nav: { home: "ホーム", count_other: "{{count}} 個" }, api: { by: "x" } }),
    ).toEqual([]);
    expect(
      missingKeys("ru", source, {
        nav: { home: "Главная", count_one: "{{count}} ключ", count_other: "{{count}} ключа" },
        api: { by: "от {{owner}}" },
      }),
    ).toEqual(["nav.count_few", "nav.count_many"]);
  });
});

describe("catalogProblems", () => {
  it("flags unknown keys, unknown and dropped placeholders; a singular may spell out its number", () => {
    expect(
      catalogProblems(source, {
        nav: { home: "Start", count_one: "ein Schlüssel", count_other: "Schlüssel" },
        api: { by: "von {{user}}", extra: "x" },
      }),
    ).toEqual([
      "nav.count_other: missing placeholder count",
      "api.by: unknown placeholder user",
      "api.by: missing placeholder owner",
      "unknown key api.extra",
    ]);
  });
});
