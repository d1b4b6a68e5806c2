import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { type AppError, isAppError } from "../errors/app-error";
import { bundleSpecFiles } from "./bundle-spec-files";
import { isFound, lookupSegments, refToSegments } from "./json-pointer";
import { normalizeParsedSpec } from "./normalize-spec";

const fixtureDir = join(import.meta.dirname, "../../../tests/fixtures/specs/multi-file");

function readFolder(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files[relative(dir, join(entry.parentPath, entry.name))] = readFileSync(
        join(entry.parentPath, entry.name),
        "utf8",
      );
  }
  return files;
}

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const root = (paths: string) => `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n${paths}`;

function collectRefs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, out);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") out.push(child);
      else collectRefs(child, out);
    }
  }
  return out;
}

describe("bundleSpecFiles", () => {
  it("bundles a folder with relative refs, cycles across files and a self ref into one valid document", async () => {
    const bundle = bundleSpecFiles(readFolder(fixtureDir));
    expect(bundle.entry).toBe("openapi.yaml");
    expect(bundle.filesUsed.sort()).toEqual([
      "openapi.yaml",
      "paths/pets.yaml",
      "schemas/owner.yaml",
      "schemas/pet.yaml",
    ]);
    const refs = collectRefs(bundle.document);
    // Only internal refs remain, and every one of them resolves inside the bundle.
    for (const ref of refs) {
      expect(ref.startsWith("#")).toBe(true);
      const segments = refToSegments(ref);
      expect(segments, ref).not.toBeNull();
      expect(isFound(lookupSegments(bundle.document, segments ?? [])), ref).toBe(true);
    }
    // pet.yaml is inlined once (where it is first used); the other uses point at that place.
    const json = JSON.stringify(bundle.document);
    expect(json.split('"required":["id","name"]').length - 1).toBe(1);
    const spec = await normalizeParsedSpec(bundle.document, json);
    expect(spec.sourceFormat).toBe("openapi-3.1.0");
    expect(spec.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      "GET /pets",
      "POST /pets",
      "GET /pets/{petId}",
    ]);
    const getPet = spec.endpoints[2];
    expect(getPet?.parameters.map((p) => p.name)).toEqual(["petId"]);
  });

  it("takes an explicit entry and accepts Windows separators and ./ prefixes", () => {
    const files = {
      ".\\api\\main.yaml": root("  /a:\n    $ref: './items/a.yaml'\n"),
      "api/items/a.yaml": "get:\n  responses:\n    '200': {description: ok}\n",
      "api/other.yaml": root("  {}\n"),
    };
    const bundle = bundleSpecFiles(files, "api/main.yaml");
    expect(bundle.entry).toBe("api/main.yaml");
    expect(bundle.document.paths).toEqual({ "/a": { get: { responses: { "200": { description: "ok" } } } } });
  });

  it("finds an entry named relative to the uploaded folder, when only one file matches", () => {
    const files = {
      "pets/openapi.yaml": root("  /a:\n    $ref: './items/a.yaml'\n"),
      "pets/items/a.yaml": "get:\n  responses:\n    '200': {description: ok}\n",
      "pets/v2/openapi.yaml": root("  {}\n"),
    };
    expect(bundleSpecFiles(files, "items/a.yaml").entry).toBe("pets/items/a.yaml");
    expect(bundleSpecFiles(files, "v2/openapi.yaml").entry).toBe("pets/v2/openapi.yaml");
    // Two files end with "openapi.yaml": the name is refused rather than guessed.
    expect(refusal(() => bundleSpecFiles(files, "openapi.yaml")).message).toMatch(/is not in the upload/);
  });

  it("refuses remote refs, naming the file and pointer", () => {
    const error = refusal(() =>
      bundleSpecFiles({ "openapi.yaml": root("  /a:\n    $ref: 'https://evil.example/a.yaml'\n") }),
    );
    expect(error.message).toMatch(/^Remote \$refs are not allowed/);
    expect(error.details?.where).toBe("openapi.yaml#/paths/~1a/$ref");
  });

  it.each([
    ["../secret.yaml", /outside the upload/],
    ["../../etc/passwd", /outside the upload/],
    ["/etc/passwd", /outside the upload/],
    ["C:/Windows/win.ini", /Remote \$refs|outside the upload/],
    ["file:///etc/passwd", /Remote \$refs/],
    ["//host/share/a.yaml", /Remote \$refs/],
    ["missing.yaml", /not in the upload/],
  ])("refuses the ref %s", (ref, message) => {
    const error = refusal(() => bundleSpecFiles({ "openapi.yaml": root(`  /a:\n    $ref: '${ref}'\n`) }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toMatch(message);
  });

  it("refuses broken pointers into another file and names the referring file", () => {
    const files = {
      "openapi.yaml": root("  /a:\n    $ref: 'paths.yaml#/nope'\n"),
      "paths.yaml": "x: 1\n",
    };
    const error = refusal(() => bundleSpecFiles(files));
    expect(error.message).toMatch(/^Broken \$ref: paths\.yaml#\/nope points at nothing/);
    expect(error.details?.where).toBe("openapi.yaml#/paths/~1a/$ref");
  });

  it("locates a syntax error inside a referenced file by file:line:column", () => {
    const files = { "openapi.yaml": root("  /a:\n    $ref: 'a.yaml'\n"), "a.yaml": "get:\n  x: [1, 2\n" };
    const error = refusal(() => bundleSpecFiles(files));
    expect(error.message).toMatch(/^a\.yaml: Spec is not valid YAML/);
    expect(String(error.details?.where)).toMatch(/^a\.yaml:\d+:\d+$/);
  });

  it("refuses upload names that climb out or are absolute", () => {
    expect(refusal(() => bundleSpecFiles({ "../x.yaml": root("  {}\n") })).message).toMatch(/inside the upload/);
    expect(refusal(() => bundleSpecFiles({ "/x.yaml": root("  {}\n") })).message).toMatch(/must be relative/);
  });

  it("asks for an entry when several files could be the root, and refuses uploads with none", () => {
    const two = { "a/openapi.yaml": root("  {}\n"), "b/openapi.yaml": root("  {}\n") };
    expect(refusal(() => bundleSpecFiles(two)).message).toMatch(/^Several files could be the root spec/);
    expect(refusal(() => bundleSpecFiles({ "pet.yaml": "type: object\n" })).message).toMatch(/No file in the upload/);
  });

  it("inlines each file once even when referenced many times (no exponential blow-up)", () => {
    // a0 → a1 twice → a2 twice ...: inlining every use would be 2^40 copies.
    const files: Record<string, string> = {
      "openapi.yaml": root(
        "  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content: {application/json: {schema: {$ref: 'a0.yaml'}}}\n",
      ),
    };
    for (let i = 0; i < 40; i++) {
      files[`a${i}.yaml`] = `type: object\nproperties:\n  l: {$ref: 'a${i + 1}.yaml'}\n  r: {$ref: 'a${i + 1}.yaml'}\n`;
    }
    files["a40.yaml"] = "type: string\n";
    const bundle = bundleSpecFiles(files);
    expect(JSON.stringify(bundle.document).length).toBeLessThan(20_000);
  });

  it("refuses a chain of files nested deeper than the depth limit", () => {
    const files: Record<string, string> = { "openapi.yaml": root("  /a:\n    $ref: 'd0.yaml'\n") };
    for (let i = 0; i < 300; i++) files[`d${i}.yaml`] = `x:\n  $ref: 'd${i + 1}.yaml'\n`;
    files["d300.yaml"] = "1\n";
    expect(refusal(() => bundleSpecFiles(files)).message).toMatch(/nested deeper than 200 levels/);
  });
});

describe("bundleSpecFiles at the scale of large split specs", () => {
  it("bundles 3,000 files in sub-folders (a provider's spec split per path and schema) and refuses over 5,000", () => {
    const files: Record<string, string> = {};
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 1_500; i++) {
      paths[`/items${i}`] = { $ref: `paths/items/item${i}.yaml` };
      files[`paths/items/item${i}.yaml`] =
        `get:\n  operationId: item${i}\n  responses:\n    "200":\n      description: ok\n      content:\n        application/json:\n          schema:\n            $ref: ../../components/schemas/S${i}.yaml\n`;
      files[`components/schemas/S${i}.yaml`] = `type: object\nproperties:\n  id: {type: integer}\n`;
    }
    files["openapi.yaml"] = JSON.stringify({ openapi: "3.0.3", info: { title: "Split", version: "1" }, paths });
    const bundled = bundleSpecFiles(files, "openapi.yaml");
    expect(bundled.filesUsed).toHaveLength(3_001);
    for (let i = 3_001; i <= 5_000; i++) files[`extra/f${i}.yaml`] = "a: 1\n";
    expect(() => bundleSpecFiles(files, "openapi.yaml")).toThrow(/more than 5000 files/);
  });
});
