import { posix } from "node:path";
import { specError } from "./spec-errors";

/** File names an uploaded folder or archive may hold as spec parts; anything else is ignored. */
export const SPEC_FILE_PATTERN = /\.(json|ya?ml)$/i;

/**
 * The canonical form of a path inside an upload ("./a\\b.yaml" → "a/b.yaml"); refuses absolute paths and paths that
 * climb out of the upload, which a later `$ref` resolution could otherwise use to name files outside it.
 */
export function normalizeUploadPath(raw: string): string {
  const slashed = raw.replace(/\\/g, "/");
  if (slashed.startsWith("/") || /^[a-z]:/i.test(slashed)) {
    throw specError(`Uploaded file names must be relative: ${truncate(raw)}`, raw);
  }
  const normalized = posix.normalize(slashed);
  if (normalized === "." || normalized === "" || normalized.endsWith("/")) {
    throw specError(`Not a file name: ${truncate(raw)}`, raw);
  }
  if (normalized === ".." || normalized.startsWith("../")) {
    throw specError(`Uploaded file names must stay inside the upload: ${truncate(raw)}`, raw);
  }
  return normalized;
}

/**
 * Resolves the file part of a relative `$ref` found in `fromFile` against the upload (remote refs are refused before).
 * Throws when it leaves the upload (absolute path, too many "..").
 */
export function resolveRefFile(fromFile: string, refPath: string, where: string): string {
  let decoded = refPath;
  try {
    decoded = decodeURI(refPath);
  } catch {
    throw specError(`Malformed $ref: ${truncate(refPath)}`, where);
  }
  if (decoded.startsWith("/") || /^[a-z]:[\\/]/i.test(decoded) || decoded.startsWith("\\")) {
    throw specError(`$ref points at a file outside the upload: ${truncate(refPath)}`, where);
  }
  const joined = posix.normalize(posix.join(posix.dirname(fromFile), decoded.replace(/\\/g, "/")));
  if (joined === ".." || joined.startsWith("../")) {
    throw specError(`$ref points at a file outside the upload: ${truncate(refPath)}`, where);
  }
  return joined;
}

/** True for refs naming a remote resource: a URL scheme ("https:", "file:") or a network path ("//host"). */
export function isRemoteRef(ref: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith("//");
}

export function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
