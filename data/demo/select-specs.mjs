#!/usr/bin/env node
// Copies the demo data shipped in the repo out of the shared data folder, deterministically (see README.md).
// Usage: node data/demo/select-specs.mjs [path/to/shared/data]   (default: ../shared/data beside the repo)
// Rerunnable: it replaces data/demo/public-apis/* and data/demo/openapi-directory-lite/ entirely.
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const sharedData = resolve(process.argv[2] ?? join(here, "../../../shared/data"));
const sourceDirectory = join(sharedData, "openapi-directory-lite");
const targetDirectory = join(here, "openapi-directory-lite");

// The selection rule, also written out in README.md.
const SMALL_TARGET = 190; // specs picked round-robin over categories
const SMALL_MAX_BYTES = 150 * 1024;
const PER_PROVIDER_MAX = 6; // googleapis.com, amazonaws.com and azure.com would otherwise fill the demo
const BIG_MIN_BYTES = 500 * 1024;
const BIG_MAX_BYTES = 1024 * 1024;
const BIG_COUNT = 2;

// Plain code-unit comparison: localeCompare depends on the ICU build, this does not.
const byString = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

function specPath(key, version) {
  const [provider, service] = key.split(":");
  return service ? join("specs", provider, service, `${version}.json`) : join("specs", provider, `${version}.json`);
}

function countOperations(file) {
  const spec = JSON.parse(readFileSync(file, "utf8"));
  let operations = 0;
  for (const item of Object.values(spec.paths ?? {})) {
    for (const method of Object.keys(item ?? {})) if (HTTP_METHODS.has(method)) operations++;
  }
  return operations;
}

const index = JSON.parse(readFileSync(join(sourceDirectory, "index.json"), "utf8"));
const entries = Object.entries(index.specs)
  .map(([key, meta]) => {
    const relative = specPath(key, meta.version);
    const file = join(sourceDirectory, relative);
    return {
      key,
      meta,
      relative,
      provider: key.split(":")[0],
      size: statSync(file).size,
      categories: meta.categories ?? [],
      file,
    };
  })
  .sort((a, b) => byString(a.key, b.key));

const chosen = new Map();
const providerUse = new Map();
const uses = (entry) => providerUse.get(entry.provider) ?? 0;
function choose(entry) {
  chosen.set(entry.key, entry);
  providerUse.set(entry.provider, uses(entry) + 1);
}
// Least-used provider first so the demo shows many providers; then alphabetical.
const pickFrom = (candidates) =>
  candidates
    .filter((entry) => !chosen.has(entry.key) && uses(entry) < PER_PROVIDER_MAX)
    .sort((a, b) => uses(a) - uses(b) || byString(a.key, b.key))[0];

const small = entries.filter((entry) => entry.size <= SMALL_MAX_BYTES);
// Rarest categories first, so each gets its specs before the big ones (cloud: 171) use up the budget.
const categories = Object.entries(index.categories)
  .sort(([aName, a], [bName, b]) => a.count - b.count || byString(aName, bName))
  .map(([name]) => name);

let progress = true;
while (chosen.size < SMALL_TARGET && progress) {
  progress = false;
  for (const category of categories) {
    if (chosen.size >= SMALL_TARGET) break;
    const entry = pickFrom(small.filter((candidate) => candidate.categories.includes(category)));
    if (entry) {
      choose(entry);
      progress = true;
    }
  }
}
while (chosen.size < SMALL_TARGET) {
  const entry = pickFrom(small);
  if (!entry) break;
  choose(entry);
}

// A couple of big APIs so the Endpoints tab shows a long list: most operations, distinct providers.
const big = entries
  .filter((entry) => entry.size >= BIG_MIN_BYTES && entry.size <= BIG_MAX_BYTES && !chosen.has(entry.key))
  .map((entry) => ({ ...entry, operations: countOperations(entry.file) }))
  .sort((a, b) => b.operations - a.operations || byString(a.key, b.key));
const bigProviders = new Set();
for (const entry of big) {
  if (bigProviders.size >= BIG_COUNT) break;
  if (bigProviders.has(entry.provider)) continue;
  bigProviders.add(entry.provider);
  choose(entry);
}

// Write the subset: specs at the same relative paths, and index.json filtered with counts recomputed.
rmSync(targetDirectory, { recursive: true, force: true });
const selected = entries.filter((entry) => chosen.has(entry.key));
const categoryCounts = new Map();
for (const entry of selected) {
  mkdirSync(dirname(join(targetDirectory, entry.relative)), { recursive: true });
  copyFileSync(entry.file, join(targetDirectory, entry.relative));
  for (const category of entry.categories) categoryCounts.set(category, (categoryCounts.get(category) ?? 0) + 1);
}
const subsetIndex = {
  total: selected.length,
  categories: Object.fromEntries(
    Object.entries(index.categories)
      .filter(([name]) => categoryCounts.has(name))
      .map(([name, category]) => [name, { ...category, count: categoryCounts.get(name) }]),
  ),
  specs: Object.fromEntries(Object.keys(index.specs).filter((key) => chosen.has(key)).map((key) => [key, index.specs[key]])),
};
writeFileSync(join(targetDirectory, "index.json"), `${JSON.stringify(subsetIndex, null, 2)}\n`);

// public-apis is small: shipped whole and unchanged.
mkdirSync(join(here, "public-apis"), { recursive: true });
for (const name of ["resources.json", "categories.json", "LICENSE"]) {
  copyFileSync(join(sharedData, "public-apis", name), join(here, "public-apis", name));
}

const totalBytes = selected.reduce((sum, entry) => sum + entry.size, 0);
console.log(
  `openapi-directory-lite: ${selected.length} specs, ${(totalBytes / 1024 / 1024).toFixed(1)} MB, ` +
    `${categoryCounts.size}/${Object.keys(index.categories).length} categories; ` +
    `big: ${[...chosen.values()].filter((entry) => entry.size >= BIG_MIN_BYTES).map((entry) => `${entry.key} (${Math.round(entry.size / 1024)} KB)`).join(", ")}`,
);
