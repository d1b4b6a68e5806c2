import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

/*
 * The 567 real specs of the shared data folder (openapi-directory-lite). Found through PORTICO_SHARED_DATA (the
 * server's own setting, for checkouts that are not beside it, e.g. git worktrees), else at ../shared/data beside the
 * repo (the team machines); a fresh clone has neither and the suites that need it are skipped.
 */
const REPO_ROOT = resolve(import.meta.dirname, "..");

function candidates(): string[] {
  const fromEnv = process.env.PORTICO_SHARED_DATA;
  const list = fromEnv ? [resolve(fromEnv, "openapi-directory-lite/specs")] : [];
  list.push(resolve(REPO_ROOT, "../shared/data/openapi-directory-lite/specs"));
  return list;
}

/** The spec folder of the shared corpus, or null when absent (data/demo holds only a subset and does not count). */
export const sharedSpecsDirectory: string | null =
  candidates().find((dir) => existsSync(dir) && listSpecFiles(dir).length > 500) ?? null;

export function listSpecFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
