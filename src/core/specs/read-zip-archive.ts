import { inflateRawSync } from "node:zlib";
import { type AsyncFlateStreamHandler, Unzip, type UnzipDecoder, type UnzipFile } from "fflate";
import { formatBytes, specError } from "./spec-errors";
import { SPEC_FILE_PATTERN, truncate } from "./upload-paths";

/** Zip-bomb guards: what an archive may hold and expand to, checked while it is inflated, not from its headers. */
export const ZIP_LIMITS = {
  maxArchiveBytes: 20 * 1024 * 1024,
  // Folders count as entries, and archives carry READMEs and images beside the spec files (decision 110).
  maxEntries: 10_000,
  maxSpecFiles: 5_000,
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxFileBytes: 10 * 1024 * 1024,
} as const;

export type ZipLimits = { [K in keyof typeof ZIP_LIMITS]: number };

const SLICE_BYTES = 64 * 1024;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** True when the bytes start like a zip archive ("PK\x03\x04", or an empty archive's "PK\x05\x06"). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/**
 * The JSON/YAML files of a zip archive as text, keyed by their path inside it (other files are skipped without being
 * inflated). Refuses archives over the entry, per-file and total expanded size limits, damaged or non-UTF-8 content.
 */
export function readZipArchive(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Record<string, string> {
  if (bytes.length > limits.maxArchiveBytes) {
    throw specError(`The archive is larger than ${formatBytes(limits.maxArchiveBytes)}`, "");
  }
  let entries = 0;
  let specFiles = 0;
  let expanded = 0;
  let failure: Error | null = null;
  const chunks = new Map<string, Uint8Array[]>();
  const sizes = new Map<string, number>();
  const finished = new Set<string>();

  const fail = (error: Error, file?: UnzipFile) => {
    failure ??= error;
    file?.terminate();
  };

  const unzip = new Unzip((file) => {
    if (failure) return;
    if (++entries > limits.maxEntries)
      return fail(specError(`The archive holds more than ${limits.maxEntries} entries`, ""));
    const name = file.name;
    if (name.endsWith("/") || !SPEC_FILE_PATTERN.test(name) || isMetadata(name)) return;
    if (++specFiles > limits.maxSpecFiles) {
      return fail(specError(`The archive holds more than ${limits.maxSpecFiles} spec files`, ""));
    }
    if (chunks.has(name)) return fail(specError(`The archive holds ${truncate(name)} twice`, name));
    chunks.set(name, []);
    sizes.set(name, 0);
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) return fail(specError(`The archive is damaged at ${truncate(name)}: ${error.message}`, name), file);
      const size = (sizes.get(name) ?? 0) + chunk.length;
      expanded += chunk.length;
      sizes.set(name, size);
      if (size > limits.maxFileBytes) {
        return fail(
          specError(`${truncate(name)} expands to more than ${formatBytes(limits.maxFileBytes)}`, name),
          file,
        );
      }
      if (expanded > limits.maxUncompressedBytes) {
        return fail(
          specError(`The archive expands to more than ${formatBytes(limits.maxUncompressedBytes)}`, name),
          file,
        );
      }
      chunks.get(name)?.push(chunk);
      if (final) finished.add(name);
    };
    try {
      file.start();
    } catch {
      fail(specError(`${truncate(name)} uses an unsupported compression method`, name));
    }
  });
  // Deflate entries are inflated by zlib (native, ~50× faster than inflating in JavaScript) with an output cap, so a
  // bomb stops at the per-file limit instead of after expanding; the total is checked as each file completes.
  class CappedInflate implements UnzipDecoder {
    static compression = 8;
    ondata: AsyncFlateStreamHandler = () => {};
    private readonly parts: Uint8Array[] = [];
    constructor(private readonly name: string) {}
    push(chunk: Uint8Array, final: boolean): void {
      this.parts.push(chunk.slice());
      if (!final) return;
      let out: Buffer;
      try {
        out = inflateRawSync(Buffer.concat(this.parts), { maxOutputLength: limits.maxFileBytes + 1 });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const message =
          code === "ERR_BUFFER_TOO_LARGE"
            ? `${truncate(this.name)} expands to more than ${formatBytes(limits.maxFileBytes)}`
            : `The archive is damaged at ${truncate(this.name)}`;
        fail(specError(message, this.name));
        return;
      }
      this.ondata(null, new Uint8Array(out.buffer, out.byteOffset, out.length) as Uint8Array<ArrayBuffer>, true);
    }
    terminate(): void {}
  }
  unzip.register(CappedInflate);

  try {
    for (let offset = 0; offset < bytes.length && !failure; offset += SLICE_BYTES) {
      const end = Math.min(bytes.length, offset + SLICE_BYTES);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch (error) {
    fail(specError(`The archive is damaged: ${error instanceof Error ? error.message : String(error)}`, ""));
  }
  if (failure) throw failure;

  const files: Record<string, string> = {};
  for (const [name, parts] of chunks) {
    if (!finished.has(name)) throw specError(`The archive ends inside ${truncate(name)}`, name);
    try {
      files[name] = utf8.decode(Buffer.concat(parts));
    } catch {
      throw specError(`${truncate(name)} is not UTF-8 text`, name);
    }
  }
  if (Object.keys(files).length === 0) throw specError("The archive holds no .json, .yaml or .yml file", "");
  return files;
}

// Finder and resource-fork leftovers that ride along in archives made on macOS.
function isMetadata(name: string): boolean {
  return name.startsWith("__MACOSX/") || /(^|\/)\._/.test(name) || /(^|\/)\.DS_Store$/.test(name);
}
