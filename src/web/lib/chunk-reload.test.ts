import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadForChunkError } from "./chunk-reload";

function fakeTab(start: number) {
  const store = new Map<string, string>();
  const tab = {
    now: start,
    reloads: 0,
    deps: {
      storage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
      },
      reload: () => {
        tab.reloads++;
      },
      now: () => tab.now,
    },
  };
  return tab;
}

describe("chunk-load reload guard", () => {
  it("recognises failed dynamic imports in the browsers' wordings, and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a-1.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("reloads at most once per 60 s", () => {
    const tab = fakeTab(1_000_000);
    const error = new TypeError("Failed to fetch dynamically imported module");
    expect(reloadForChunkError(error, tab.deps)).toBe(true);
    tab.now += CHUNK_RELOAD_GUARD_MS - 1;
    expect(reloadForChunkError(error, tab.deps)).toBe(false);
    tab.now += 1;
    expect(reloadForChunkError(error, tab.deps)).toBe(true);
    expect(reloadForChunkError(new Error("other"), tab.deps)).toBe(false);
    expect(tab.reloads).toBe(2);
  });
});
