import { isAppError } from "../errors/app-error";
import { isFound, isPlainRecord, lookupSegments, refToSegments, toPointer } from "./json-pointer";
import { parseSpecText } from "./parse-document";
import { formatBytes, SPEC_LIMITS, specError } from "./spec-errors";
import { isRemoteRef, normalizeUploadPath, resolveRefFile, SPEC_FILE_PATTERN, truncate } from "./upload-paths";

/** Limits of a multi-file upload (folder or archive), on top of the per-document limits of parseSpecText. */
export const SPEC_UPLOAD_LIMITS = {
  // A large provider's spec split per path and schema holds ~2,900 files; 5,000 leaves room (decision 110).
  maxFiles: 5_000,
  /** Sum of the files a spec actually references (the bundled document is held to the normal 10 MB later). */
  maxReferencedBytes: 20 * 1024 * 1024,
} as const;

export interface BundledSpec {
  /** The entry file's path inside the upload. */
  entry: string;
  /** One document: relative `$ref`s between files replaced by the content or by internal "#/..." refs. */
  document: Record<string, unknown>;
  /** Upload paths the entry reached through `$ref`s (entry first). */
  filesUsed: string[];
}

/**
 * Bundles a spec split across files (an uploaded folder or archive) into one document, the way `swagger-cli bundle`
 * does: each external target is inlined where it is first referenced and every later reference to it (or into it)
 * becomes an internal ref to that place, so cycles across files end as internal cycles and nothing is inlined twice.
 * Refs to remote resources, to absolute paths, out of the upload or to missing files are refused with the file and
 * JSON pointer of the ref ("schemas/pet.yaml#/properties/owner"); `unfetched` says why a URL import lacks a file.
 */
export function bundleSpecFiles(
  files: Record<string, string>,
  entry?: string | null,
  unfetched: Record<string, string> = {},
): BundledSpec {
  const texts = indexUpload(files);
  const entryPath = entry ? findEntry(texts, normalizeUploadPath(entry)) : guessEntry(texts);
  if (!texts.has(entryPath)) throw specError(`The entry file ${truncate(entryPath)} is not in the upload`, entryPath);

  const parsed = new Map<string, unknown>();
  let referencedBytes = 0;
  const load = (file: string): unknown => {
    const cached = parsed.get(file);
    if (cached !== undefined) return cached;
    const text = texts.get(file);
    if (text === undefined) throw new Error(`unreachable: ${file} not indexed`);
    referencedBytes += Buffer.byteLength(text, "utf8");
    if (referencedBytes > SPEC_UPLOAD_LIMITS.maxReferencedBytes) {
      throw specError(
        `The referenced files are larger than ${formatBytes(SPEC_UPLOAD_LIMITS.maxReferencedBytes)}`,
        file,
      );
    }
    let value: unknown;
    try {
      value = parseSpecText(text);
    } catch (error) {
      throw inFile(error, file);
    }
    parsed.set(file, value);
    return value;
  };

  // "file#/pointer" of each inlined target → where its content sits in the bundled document (a JSON pointer).
  const placements = new Map<string, string>();
  let values = 0;

  const placedAt = (file: string, pointer: string): string | null => {
    // A ref into something already inlined ("b.yaml#/a/b" once "b.yaml#/a" sits at /x) points into the copy.
    let prefix = pointer;
    for (;;) {
      const at = placements.get(`${file}#${prefix}`);
      if (at !== undefined) return at + pointer.slice(prefix.length);
      if (prefix === "") return null;
      prefix = prefix.slice(0, prefix.lastIndexOf("/"));
    }
  };

  const walk = (file: string, node: unknown, sourcePath: (string | number)[], out: (string | number)[]): unknown => {
    if (++values > SPEC_LIMITS.maxValues) {
      throw specError(`Spec holds more than ${SPEC_LIMITS.maxValues} values once its files are bundled`, file);
    }
    if (out.length > SPEC_LIMITS.maxDepth) {
      throw specError(`Spec is nested deeper than ${SPEC_LIMITS.maxDepth} levels once its files are bundled`, file);
    }
    if (node === null || typeof node !== "object") return node;
    if (Array.isArray(node)) {
      return node.map((item, index) => walk(file, item, [...sourcePath, index], [...out, index]));
    }
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === "string") {
      const ref = record.$ref;
      const where = `${file}#${toPointer([...sourcePath, "$ref"])}`;
      const target = splitRef(file, ref, where);
      if (target.file === entryPath) {
        // Internal to the entry (or back into it from another file): the entry keeps its layout in the bundle.
        // Siblings (OpenAPI 3.1 summary/description) are kept on refs that stay refs.
        return { ...record, $ref: `#${escapePercent(target.pointer)}` };
      }
      const existing = placedAt(target.file, target.pointer);
      if (existing !== null) return { $ref: `#${escapePercent(existing)}` };
      if (!texts.has(target.file)) {
        const failure = unfetched[target.file];
        if (failure !== undefined) {
          throw specError(`$ref points at a file that could not be fetched: ${truncate(failure)}`, where);
        }
        throw specError(`$ref points at a file that is not in the upload: ${truncate(ref)}`, where);
      }
      const found = lookupSegments(load(target.file), target.segments);
      if (!isFound(found)) throw specError(`Broken $ref: ${truncate(ref)} points at nothing`, where);
      placements.set(`${target.file}#${target.pointer}`, toPointer(out));
      return walk(target.file, found, target.segments, out);
    }
    const copy: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(record)) {
      copy[name] = walk(file, child, [...sourcePath, name], [...out, name]);
    }
    return copy;
  };

  const root = load(entryPath);
  if (!isPlainRecord(root)) throw specError("Spec must be a JSON or YAML object", entryPath);
  const document = walk(entryPath, root, [], []) as Record<string, unknown>;
  return { entry: entryPath, document, filesUsed: [...parsed.keys()] };
}

/**
 * "schemas/pet.yaml#/Pet" seen in "api/root.yaml" → { file: "api/schemas/pet.yaml", pointer: "/Pet" }; the pointer is
 * URI-decoded and re-encoded as a plain JSON pointer, so the same target always has the same key.
 */
function splitRef(fromFile: string, ref: string, where: string): { file: string; pointer: string; segments: string[] } {
  if (isRemoteRef(ref)) throw specError(`Remote $refs are not allowed: ${truncate(ref)}`, where);
  const hash = ref.indexOf("#");
  const filePart = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? "" : ref.slice(hash + 1);
  const file = filePart === "" ? fromFile : resolveRefFile(fromFile, filePart, where);
  const segments = refToSegments(`#${fragment}`);
  if (segments === null) throw specError(`Malformed $ref: ${truncate(ref)}`, where);
  return { file, pointer: toPointer(segments), segments };
}

// Pointers built from keys are put in a URI fragment, where "%" starts an escape.
function escapePercent(pointer: string): string {
  return pointer.replace(/%/g, "%25");
}

function inFile(error: unknown, file: string): unknown {
  if (!isAppError(error)) return error;
  const where = typeof error.details?.where === "string" ? error.details.where : "";
  const located = where === "" ? file : /^\d+:\d+$/.test(where) ? `${file}:${where}` : `${file}#${where}`;
  return specError(`${file}: ${error.message}`, located);
}

function indexUpload(files: Record<string, string>): Map<string, string> {
  const names = Object.keys(files);
  if (names.length === 0) throw specError("The upload holds no files", "");
  if (names.length > SPEC_UPLOAD_LIMITS.maxFiles) {
    throw specError(`The upload holds more than ${SPEC_UPLOAD_LIMITS.maxFiles} files`, "");
  }
  const texts = new Map<string, string>();
  for (const name of names) {
    const path = normalizeUploadPath(name);
    if (texts.has(path)) throw specError(`The upload holds ${truncate(path)} twice`, path);
    const text = files[name];
    if (typeof text === "string") texts.set(path, text);
  }
  return texts;
}

/**
 * The named entry, also when it is named relative to the uploaded folder ("openapi.yaml" for "pets/openapi.yaml": a
 * browser posts a folder's files under the folder's own name). Ambiguous or missing names are left for the caller's
 * "not in the upload" error.
 */
function findEntry(texts: Map<string, string>, entry: string): string {
  if (texts.has(entry)) return entry;
  const inFolder = [...texts.keys()].filter((path) => path.endsWith(`/${entry}`));
  return inFolder.length === 1 && inFolder[0] !== undefined ? inFolder[0] : entry;
}

const ROOT_NAMES = /(^|\/)(openapi|swagger|api|spec|index|main)\.(json|ya?ml)$/i;
const ROOT_MARKER = /^\s*\{?\s*["']?(openapi|swagger)["']?\s*:/m;

/**
 * The root document of an upload when none is named: the spec files that declare `openapi`/`swagger` at the top,
 * the shallowest first, then the conventional names. Ambiguity is an error naming the candidates.
 */
export function guessEntry(texts: Map<string, string>): string {
  const candidates = [...texts.entries()]
    .filter(([path, text]) => SPEC_FILE_PATTERN.test(path) && ROOT_MARKER.test(text.slice(0, 64 * 1024)))
    .map(([path]) => path);
  if (candidates.length === 0) {
    throw specError("No file in the upload declares openapi or swagger at its top level", "");
  }
  const depth = (path: string) => path.split("/").length;
  const shallowest = Math.min(...candidates.map(depth));
  let best = candidates.filter((path) => depth(path) === shallowest);
  if (best.length > 1) {
    const named = best.filter((path) => ROOT_NAMES.test(path));
    if (named.length > 0) best = named;
  }
  const [only, ...others] = best.sort();
  if (!only) throw specError("No file in the upload declares openapi or swagger at its top level", "");
  if (others.length > 0) {
    throw specError(`Several files could be the root spec (${[only, ...others].slice(0, 5).join(", ")}): name one`, "");
  }
  return only;
}
