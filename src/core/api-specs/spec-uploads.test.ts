import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSource } from "./api-specs.service";
import { folderUploads, type SpecUpload, specSourceFromUploads } from "./spec-uploads";

const multiFile = join(import.meta.dirname, "../../../tests/fixtures/specs/multi-file");

function upload(name: string, text: string): SpecUpload {
  const bytes = new TextEncoder().encode(text);
  return { name, size: bytes.length, arrayBuffer: async () => bytes.buffer.slice(0) as ArrayBuffer };
}

describe("folderUploads", () => {
  const folder = ["openapi.yaml", "paths/pets.yaml", "schemas/pet.yaml", "schemas/owner.yaml"];

  it("names a folder's files by their paths and imports it with its relative $refs resolved", async () => {
    // What a browser posts: base names, with the relative paths beside them in the same order (plus a README).
    const posted = [...folder, "README.md"].map((path) =>
      upload(
        path.split("/").pop() ?? path,
        path.endsWith(".md") ? "# notes" : readFileSync(join(multiFile, path), "utf8"),
      ),
    );
    const named = folderUploads(
      posted,
      [...folder, "README.md"].map((p) => `multi-file/${p}`),
    );
    expect(named.map((f) => f.name)).toEqual(folder.map((p) => `multi-file/${p}`));
    const source = await specSourceFromUploads(named, null);
    const { spec } = await readSource(source);
    expect(spec.title).toBe("Multi-file Pets");
    expect(spec.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining(["GET /pets", "GET /pets/{petId}"]),
    );
  });

  it("keeps the posted names when the paths are missing or do not match the files", () => {
    const posted = [upload("a.yaml", "x: 1"), upload("b.png", "png")];
    expect(folderUploads(posted, null).map((f) => f.name)).toEqual(["a.yaml"]);
    expect(folderUploads(posted, ["only-one.yaml"]).map((f) => f.name)).toEqual(["a.yaml"]);
    expect(folderUploads(posted, ["x/a.yaml", 7]).map((f) => f.name)).toEqual(["a.yaml"]);
    expect(folderUploads([upload("._a.yaml", "")], ["d/._a.yaml"])).toEqual([]);
  });

  it("refuses paths that climb out of the folder when bundling", async () => {
    const named = folderUploads(
      [upload("openapi.yaml", "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\n"), upload("b.yaml", "x: 1")],
      ["../openapi.yaml", "b.yaml"],
    );
    await expect(readSource(await specSourceFromUploads(named, null))).rejects.toThrow(/must stay inside the upload/);
  });
});
