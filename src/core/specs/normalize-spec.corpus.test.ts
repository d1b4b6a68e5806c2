import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { listSpecFiles, sharedSpecsDirectory } from "../../../tests/shared-specs";
import { isAppError } from "../errors/app-error";
import { normalizeSpec } from "./normalize-spec";

// The shared corpus (567 specs) when present (tests/shared-specs.ts says where it is looked for); skipped otherwise.
const corpusDirectory = sharedSpecsDirectory ?? "";

describe.skipIf(sharedSpecsDirectory === null)("normalizeSpec on the openapi-directory-lite corpus", () => {
  it("normalizes every spec or refuses it with an AppError", { timeout: 300_000 }, async () => {
    const files = listSpecFiles(corpusDirectory);
    expect(files.length).toBeGreaterThan(0);
    const failures = new Map<string, string[]>();
    let succeeded = 0;
    let endpoints = 0;
    const started = performance.now();
    for (const file of files) {
      try {
        const spec = await normalizeSpec(readFileSync(file, "utf8"));
        succeeded++;
        endpoints += spec.endpoints.length;
      } catch (error) {
        // Anything but an AppError fails the test here, with the file in the message.
        if (!isAppError(error)) throw new Error(`${relative(corpusDirectory, file)}: ${String(error)}`);
        const reason = error.message.replace(/:.*$/, "");
        failures.set(reason, [...(failures.get(reason) ?? []), relative(corpusDirectory, file)]);
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`corpus: ${succeeded}/${files.length} specs normalized, ${endpoints} endpoints, ${seconds} s`);
    for (const [reason, names] of failures)
      console.log(`  ${names.length} × ${reason}: ${names.slice(0, 5).join(", ")}`);
    expect(succeeded + [...failures.values()].reduce((sum, names) => sum + names.length, 0)).toBe(files.length);
  });

  it("accepts the largest spec as YAML too (the YAML limits leave room for real specs)", {
    timeout: 60_000,
  }, async () => {
    const largest = join(corpusDirectory, "zuora.com/2017-09-06.json");
    const json = readFileSync(largest, "utf8");
    const fromJson = await normalizeSpec(json);
    // lineWidth 0: the yaml package folds long strings in a way that does not round-trip leading spaces.
    const fromYaml = await normalizeSpec(stringify(JSON.parse(json), { lineWidth: 0 }));
    expect(fromYaml.endpoints.length).toBe(fromJson.endpoints.length);
    expect(fromYaml.document).toEqual(fromJson.document);
  });
});
