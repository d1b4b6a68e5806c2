import { describe, expect, it } from "vitest";
import { counterKey, parseLog, parseLogEntries } from "./journal-log-format";

describe("billing journal log text", () => {
  const text = [
    'd 0 ["t","sub_1","plan",100]',
    'd 1 ["t","sub_1","obj_a",100]',
    "0 3",
    'r 0,1 ["req-1"]',
    'u ["req-2"]',
    'r 0 ["req-3"]',
    'r 0,1 ["req-4 torn', // the process died inside the write: no newline
  ].join("\n");

  it("derives billing from the records' r lines (and old delta lines), ignoring a torn last line", () => {
    const sums = parseLog(text);
    expect(sums.get(counterKey("sub_1", "plan", 100))?.delta).toBe(5);
    expect(sums.get(counterKey("sub_1", "obj_a", 100))?.delta).toBe(1);
  });

  it("lists the usage records of r and u lines in order, ignoring a torn last line", () => {
    expect(parseLogEntries(text)).toEqual(['["req-1"]', '["req-2"]', '["req-3"]']);
  });
});
