import { describe, expect, it } from "vitest";
import { nextPollDelay, POLL_MAX_MS, POLL_MIN_MS } from "./poll-backoff";

describe("the notification badge's poll back-off", () => {
  it("doubles after each unchanged or failed answer up to five minutes", () => {
    const waits = [POLL_MIN_MS];
    for (let i = 0; i < 6; i++) waits.push(nextPollDelay(waits[waits.length - 1] ?? POLL_MIN_MS, false));
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000, 300_000]);
    expect(POLL_MAX_MS).toBe(300_000);
  });

  it("goes back to every 30 seconds as soon as the count changes", () => {
    expect(nextPollDelay(240_000, true)).toBe(30_000);
    expect(nextPollDelay(POLL_MIN_MS, true)).toBe(POLL_MIN_MS);
  });
});
