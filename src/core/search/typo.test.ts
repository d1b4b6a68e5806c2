import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWithinOneEdit, MAX_TYPO_ALTERNATIVES, pickTypoAlternatives, typoCandidateRange } from "./typo";

describe("isWithinOneEdit", () => {
  it.each([
    ["wether", "weather", true], // deletion
    ["transalte", "translate", true], // swap
    ["weathar", "weather", true], // substitution
    ["weatherr", "weather", true], // insertion
    ["weather", "weather", true],
    ["wthr", "weather", false],
    ["whaeter", "weather", false], // two edits
    ["translte", "translation", false],
  ])("%s ~ %s: %s", (a, b, expected) => {
    expect(isWithinOneEdit(a, b)).toBe(expected);
    expect(isWithinOneEdit(b, a)).toBe(expected);
  });
});

const letters = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: 4, maxLength: 14 });

/** Applies one random edit (substitute, insert, delete, swap) at `at`. */
function edit(word: string, kind: number, at: number, letter: string): string {
  const i = at % word.length;
  if (kind === 0) return word.slice(0, i) + letter + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + letter + word.slice(i);
  if (kind === 2) return word.slice(0, i) + word.slice(i + 1);
  const j = Math.min(i, word.length - 2);
  return word.slice(0, j) + word[j + 1] + word[j] + word.slice(j + 2);
}

describe("typoCandidateRange", () => {
  it("contains every one-edit neighbour of the typed word (no engine can miss a correction)", () => {
    fc.assert(
      fc.property(
        letters,
        fc.integer({ min: 0, max: 3 }),
        fc.nat(),
        fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"),
        (typed, kind, at, letter) => {
          const correct = edit(typed, kind, at, letter);
          const range = typoCandidateRange(typed);
          if (!range || !isWithinOneEdit(typed, correct)) return;
          expect(correct.length).toBeGreaterThanOrEqual(range.minLength);
          expect(correct.length).toBeLessThanOrEqual(range.maxLength);
          expect(correct.startsWith(range.prefix) || correct.endsWith(range.suffix)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("is null for short words and words with digits", () => {
    expect(typoCandidateRange("api")).toBeNull();
    expect(typoCandidateRange("v2api")).toBeNull();
    expect(typoCandidateRange("wether")).toEqual({ prefix: "wet", suffix: "er", minLength: 5, maxLength: 7 });
  });
});

describe("pickTypoAlternatives", () => {
  it("keeps one-edit words, sorted, without words prefix matching already finds", () => {
    expect(pickTypoAlternatives("wether", ["weather", "whether", "wetherby", "water", "wether"], true)).toEqual([
      "weather",
      "whether",
    ]);
    expect(pickTypoAlternatives("wether", ["wethers"], false)).toEqual(["wethers"]);
  });

  it("caps the number of corrections", () => {
    const many = "abcdefghijklmnopqrstuvwxyz".split("").map((c) => `${c}ate`);
    expect(pickTypoAlternatives("mate", many, true)).toHaveLength(MAX_TYPO_ALTERNATIVES);
  });
});
