import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where the demo catalog is read from, and why that directory was chosen. */
export interface SeedSource {
  kind: "explicit" | "env" | "shared" | "demo";
  dir: string;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function looksLikeDataDir(dir: string): boolean {
  return fs.existsSync(path.join(dir, "public-apis", "resources.json"));
}

/**
 * Picks the data directory: an explicit one (tests), else PORTICO_SHARED_DATA, else ../shared/data beside the repo
 * (all 567 specs), else the repo's own data/demo subset (what a fresh clone has).
 */
export function resolveSeedSource(options: { sourceDir?: string; env?: NodeJS.ProcessEnv; repoRoot?: string } = {}) {
  const env = options.env ?? process.env;
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  if (options.sourceDir) return requireDataDir({ kind: "explicit", dir: path.resolve(options.sourceDir) });
  const fromEnv = env.PORTICO_SHARED_DATA;
  if (fromEnv) return requireDataDir({ kind: "env", dir: path.resolve(fromEnv) });
  const shared = path.resolve(repoRoot, "..", "shared", "data");
  if (looksLikeDataDir(shared)) return { kind: "shared", dir: shared } satisfies SeedSource;
  return requireDataDir({ kind: "demo", dir: path.join(repoRoot, "data", "demo") });
}

function requireDataDir(source: SeedSource): SeedSource {
  if (!looksLikeDataDir(source.dir)) {
    throw new Error(`Seed data directory ${source.dir} (${source.kind}) has no public-apis/resources.json`);
  }
  return source;
}

export interface Listing {
  name: string;
  description: string;
  auth: string;
  cors: string;
  link: string;
  category: string;
}

export interface GuruIndex {
  categories: Record<string, { title: string; description?: string }>;
  specs: Record<string, { version?: string; categories?: string[]; title?: string }>;
}

export interface SeedData {
  listings: Listing[];
  /** public-apis categories: name and slug. */
  listingCategories: Array<{ name: string; slug: string }>;
  guru: GuruIndex;
  /** Spec files relative to openapi-directory-lite/specs, sorted. */
  specFiles: string[];
  specsDir: string;
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function listSpecFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(json|ya?ml)$/i.test(entry.name)) out.push(path.relative(root, full).split(path.sep).join("/"));
    }
  };
  walk(root);
  return out.sort();
}

/** Reads the listings, categories and spec index of a data directory (spec files are read one by one later). */
export function readSeedData(dir: string): SeedData {
  const resources = record(readJson(path.join(dir, "public-apis", "resources.json")));
  const entries = Array.isArray(resources.entries) ? resources.entries : [];
  const listings: Listing[] = entries.map((raw) => {
    const e = record(raw);
    return {
      name: text(e.API),
      description: text(e.Description),
      auth: text(e.Auth),
      cors: text(e.Cors) || "unknown",
      link: text(e.Link),
      category: text(e.Category),
    };
  });
  const categoriesFile = path.join(dir, "public-apis", "categories.json");
  const categoryEntries = fs.existsSync(categoriesFile) ? record(readJson(categoriesFile)).entries : [];
  const listingCategories = (Array.isArray(categoryEntries) ? categoryEntries : []).map((raw) => {
    const c = record(raw);
    return { name: text(c.name), slug: text(c.slug) };
  });
  const indexFile = path.join(dir, "openapi-directory-lite", "index.json");
  const index = fs.existsSync(indexFile) ? record(readJson(indexFile)) : {};
  const guru: GuruIndex = {
    categories: record(index.categories) as GuruIndex["categories"],
    specs: record(index.specs) as GuruIndex["specs"],
  };
  const specsDir = path.join(dir, "openapi-directory-lite", "specs");
  return {
    listings: listings.filter((l) => l.name !== ""),
    listingCategories,
    guru,
    specFiles: listSpecFiles(specsDir),
    specsDir,
  };
}

/** index.json key of a spec file: "provider" or "provider:service" from specs/<provider>/[<service>/]<version>.json. */
export function guruKeyOf(relativeFile: string): string {
  const parts = relativeFile.split("/");
  return parts.slice(0, -1).join(":");
}
