import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { type AppError, isAppError } from "../errors/app-error";
import { looksLikeZip, readZipArchive, ZIP_LIMITS } from "./read-zip-archive";

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("readZipArchive", () => {
  it("returns the JSON/YAML files as text and skips other files, folders and macOS leftovers", () => {
    const zip = zipSync({
      "spec/openapi.yaml": strToU8("openapi: 3.0.0\n"),
      "spec/schemas/pet.json": strToU8('{"type":"object"}'),
      "spec/README.md": strToU8("# hi"),
      "__MACOSX/spec/._openapi.yaml": strToU8("junk"),
      "spec/empty.yml": new Uint8Array(0),
    });
    expect(looksLikeZip(zip)).toBe(true);
    expect(readZipArchive(zip)).toEqual({
      "spec/openapi.yaml": "openapi: 3.0.0\n",
      "spec/schemas/pet.json": '{"type":"object"}',
      "spec/empty.yml": "",
    });
  });

  it("reads stored (uncompressed) entries too", () => {
    expect(readZipArchive(zipSync({ "a.json": strToU8("{}") }, { level: 0 }))).toEqual({ "a.json": "{}" });
  });

  it("stops a zip bomb while inflating, whatever the headers claim", () => {
    const bomb = zipSync({ "bomb.json": new Uint8Array(48 * 1024 * 1024) }, { level: 1 });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const error = refusal(() => readZipArchive(bomb));
    expect(error.message).toBe("bomb.json expands to more than 10 MB");
  });

  it("limits the total expanded size across files", () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 6; i++) files[`f${i}.json`] = new Uint8Array(1024 * 1024);
    const error = refusal(() =>
      readZipArchive(zipSync(files), { ...ZIP_LIMITS, maxUncompressedBytes: 4 * 1024 * 1024 }),
    );
    expect(error.message).toBe("The archive expands to more than 4 MB");
  });

  it("limits the number of entries and of spec files", () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 30; i++) many[`f${i}.txt`] = strToU8("x");
    expect(refusal(() => readZipArchive(zipSync(many), { ...ZIP_LIMITS, maxEntries: 20 })).message).toBe(
      "The archive holds more than 20 entries",
    );
    const specs: Record<string, Uint8Array> = {};
    for (let i = 0; i < 30; i++) specs[`f${i}.yaml`] = strToU8("a: 1");
    expect(refusal(() => readZipArchive(zipSync(specs), { ...ZIP_LIMITS, maxSpecFiles: 10 })).message).toBe(
      "The archive holds more than 10 spec files",
    );
  });

  it("refuses oversized archives, damaged archives, non-UTF-8 files and archives without specs", () => {
    const zip = zipSync({ "a.json": strToU8("{}") });
    expect(refusal(() => readZipArchive(zip, { ...ZIP_LIMITS, maxArchiveBytes: 10 })).message).toMatch(/larger than/);
    const text = Array.from({ length: 5000 }, (_, i) => `line ${i} ${Math.sin(i)}`).join("\n");
    const long = zipSync({ "a.yaml": strToU8(text) });
    expect(refusal(() => readZipArchive(long.subarray(0, long.length / 2))).message).toMatch(/ends inside|damaged/);
    expect(refusal(() => readZipArchive(zipSync({ "a.json": new Uint8Array([0xff, 0xfe, 0x00]) }))).message).toBe(
      "a.json is not UTF-8 text",
    );
    expect(refusal(() => readZipArchive(zipSync({ "a.txt": strToU8("x") }))).message).toMatch(/no \.json, \.yaml/);
  });

  it("tells zip bytes from text", () => {
    expect(looksLikeZip(strToU8("openapi: 3.0.0"))).toBe(false);
  });
});
