import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeSpec } from "./normalize-spec";

const demoDirectory = resolve(import.meta.dirname, "../../../data/demo/openapi-directory-lite");

interface DemoIndex {
  total: number;
  categories: Record<string, { count: number; title: string }>;
  specs: Record<string, { version: string; categories?: string[]; title: string }>;
}

const index = JSON.parse(readFileSync(join(demoDirectory, "index.json"), "utf8")) as DemoIndex;

/** "amazonaws.com:sts" → specs/amazonaws.com/sts/<version>.json, "1forge.com" → specs/1forge.com/<version>.json */
function specFile(key: string, version: string): string {
  return join(demoDirectory, "specs", ...key.split(":"), `${version}.json`);
}

describe("demo openapi-directory-lite subset shipped in data/demo", () => {
  const entries = Object.entries(index.specs);

  it("indexes 150 to 220 specs that all exist, with consistent counts", () => {
    expect(entries.length).toBeGreaterThanOrEqual(150);
    expect(entries.length).toBeLessThanOrEqual(220);
    expect(index.total).toBe(entries.length);
    for (const [key, meta] of entries) expect(existsSync(specFile(key, meta.version)), key).toBe(true);
    for (const [name, category] of Object.entries(index.categories)) {
      const count = entries.filter(([, meta]) => meta.categories?.includes(name)).length;
      expect(category.count, name).toBe(count);
    }
  });

  it("normalizes every shipped spec, matching its index entry", { timeout: 120_000 }, async () => {
    for (const [key, meta] of entries) {
      const spec = await normalizeSpec(readFileSync(specFile(key, meta.version), "utf8"));
      expect(spec.sourceFormat, key).toBe("swagger-2.0");
      expect(spec.title, key).toBe(meta.title.trim());
      expect(spec.meta.categories, key).toEqual(meta.categories ?? []);
    }
  });

  it("ships public-apis unchanged next to its licence", () => {
    const publicApis = resolve(demoDirectory, "../public-apis");
    expect(readFileSync(join(publicApis, "LICENSE"), "utf8")).toMatch(/MIT License/);
    expect(JSON.parse(readFileSync(join(publicApis, "categories.json"), "utf8"))).toBeTruthy();
    expect(JSON.parse(readFileSync(join(publicApis, "resources.json"), "utf8"))).toBeTruthy();
  });
});
