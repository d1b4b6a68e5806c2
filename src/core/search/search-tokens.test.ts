import { describe, expect, it } from "vitest";
import {
  documentTokens,
  isVocabularyWord,
  joinTokens,
  MAX_QUERY_TOKENS,
  MAX_TOKEN_LENGTH,
  queryTokens,
} from "./search-tokens";

describe("search tokens", () => {
  it("lowercases, splits on anything but letters and digits, and keeps camelCase parts beside the whole word", () => {
    expect(documentTokens("OpenWeatherMap: /data/2.5/forecast")).toEqual([
      "openweathermap",
      "open",
      "weather",
      "map",
      "data",
      "2",
      "5",
      "forecast",
    ]);
    expect(documentTokens("getXMLHttpRequest")).toEqual(["getxmlhttprequest", "get", "xml", "http", "request"]);
  });

  it("folds accents and encodes other scripts as ASCII words, one word per CJK character", () => {
    expect(documentTokens("Café Zürich")).toEqual(["cafe", "zurich"]);
    const cyrillic = documentTokens("Погода");
    expect(cyrillic).toHaveLength(1);
    expect(cyrillic[0]).toMatch(/^[a-z0-9]+$/);
    expect(documentTokens("東京天気")).toHaveLength(4);
    // A prefix of a non-Latin word is a prefix of its encoding (typeahead works in every script).
    expect(cyrillic[0]?.startsWith(queryTokens("Пого")[0] ?? "-")).toBe(true);
  });

  it("never yields characters outside [a-z0-9] nor words longer than the cap", () => {
    const tokens = documentTokens(`${"a".repeat(100)} NEAR("x" AND y*) ^z 🙂 '; drop table apis; -- ${"é".repeat(50)}`);
    for (const t of tokens) {
      expect(t).toMatch(/^[a-z0-9]+$/);
      expect(t.length).toBeLessThanOrEqual(MAX_TOKEN_LENGTH);
    }
    expect(tokens).toContain("near");
    expect(tokens).toContain("drop");
  });

  it("does not split query words on camelCase and keeps at most MAX_QUERY_TOKENS words", () => {
    expect(queryTokens("OpenWeather API")).toEqual(["openweather", "api"]);
    expect(queryTokens("a b c d e f g h i j k")).toHaveLength(MAX_QUERY_TOKENS);
    expect(queryTokens("weather weather WEATHER")).toEqual(["weather"]);
    expect(queryTokens('🙂 *** "')).toEqual([]);
  });

  it("joins fields into unique space-separated words", () => {
    expect(joinTokens(["a", "b"], ["b", "c"])).toBe("a b c");
  });

  it("keeps only letter words of 3+ letters in the typo vocabulary", () => {
    expect(isVocabularyWord("weather")).toBe(true);
    expect(isVocabularyWord("ab")).toBe(false);
    expect(isVocabularyWord("v2api")).toBe(false);
  });
});
