import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PREFIXED_LOCALES } from "../../../common/locales";
import { ACME_COLLECTIONS } from "../seed-acme-tenant";
import { PORTICO_COLLECTIONS } from "../seed-collections";
import { CATALOG_TRANSLATIONS } from "./index";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(repo, "data/demo", file), "utf8"));

/** Every category slug the demo seed writes for tenant 1: public-apis categories, then APIs.guru ones. */
function demoCategorySlugs(): string[] {
  const listing: Array<{ slug: string }> = read("public-apis/categories.json").entries;
  const guru: Record<string, { title?: string }> = read("openapi-directory-lite/index.json").categories;
  const slugify = (s: string) =>
    s
      .toLowerCase()
      .replace(/&/g, "and")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  return [...new Set([...listing.map((c) => c.slug), ...Object.entries(guru).map(([k, c]) => slugify(c.title || k))])];
}

describe.each(PREFIXED_LOCALES)("seed catalog translations %s", (locale) => {
  const texts = CATALOG_TRANSLATIONS[locale];

  it("names every demo category and collection (no English names in this language)", () => {
    expect(demoCategorySlugs().filter((slug) => texts.categories[slug] === undefined)).toEqual([]);
    const collections = [...PORTICO_COLLECTIONS, ...ACME_COLLECTIONS].map((c) => c.slug);
    expect(collections.filter((slug) => texts.collections[slug] === undefined)).toEqual([]);
  });

  it("translates a description wherever en-US has one, and every Acme category description", () => {
    const guru: Record<string, { title?: string; description?: string }> = read(
      "openapi-directory-lite/index.json",
    ).categories;
    const slugify = (s: string) =>
      s
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
    const described = Object.entries(guru)
      .filter(([, c]) => c.description)
      .map(([k, c]) => slugify(c.title || k));
    expect(described.length).toBeGreaterThan(10);
    expect(described.filter((slug) => !Array.isArray(texts.categories[slug]))).toEqual([]);
    expect(Object.keys(texts.acme).sort()).toEqual(["development", "email", "finance", "security", "weather"]);
  });
});
