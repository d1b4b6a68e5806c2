import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { guruKeyOf, resolveSeedSource } from "./seed-source";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "portico-seed-source-"));
const repo = path.join(root, "repo");
const shared = path.join(root, "shared", "data");
const demo = path.join(repo, "data", "demo");
const custom = path.join(root, "custom");

function makeDataDir(dir: string) {
  fs.mkdirSync(path.join(dir, "public-apis"), { recursive: true });
  fs.writeFileSync(path.join(dir, "public-apis", "resources.json"), '{"entries":[]}');
}

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("resolveSeedSource", () => {
  it("falls back to the repo's data/demo when there is no shared data", () => {
    makeDataDir(demo);
    expect(resolveSeedSource({ env: {}, repoRoot: repo })).toEqual({ kind: "demo", dir: demo });
  });

  it("prefers ../shared/data beside the repo", () => {
    makeDataDir(shared);
    expect(resolveSeedSource({ env: {}, repoRoot: repo })).toEqual({ kind: "shared", dir: shared });
  });

  it("prefers PORTICO_SHARED_DATA, and an explicit directory over everything", () => {
    makeDataDir(custom);
    expect(resolveSeedSource({ env: { PORTICO_SHARED_DATA: custom }, repoRoot: repo })).toEqual({
      kind: "env",
      dir: custom,
    });
    expect(resolveSeedSource({ sourceDir: demo, env: { PORTICO_SHARED_DATA: custom }, repoRoot: repo })).toEqual({
      kind: "explicit",
      dir: demo,
    });
  });

  it("throws naming the directory when the configured one has no listings", () => {
    expect(() => resolveSeedSource({ env: { PORTICO_SHARED_DATA: path.join(root, "nope") }, repoRoot: repo })).toThrow(
      /nope.*public-apis\/resources\.json/,
    );
  });
});

describe("guruKeyOf", () => {
  it("maps spec paths to index.json keys", () => {
    expect(guruKeyOf("1forge.com/0.0.1.json")).toBe("1forge.com");
    expect(guruKeyOf("amazonaws.com/athena/2017-05-18.json")).toBe("amazonaws.com:athena");
  });
});
