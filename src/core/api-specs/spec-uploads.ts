import { AppError } from "../errors/app-error";
import { looksLikeZip, ZIP_LIMITS } from "../specs/read-zip-archive";
import { SPEC_FILE_PATTERN } from "../specs/upload-paths";
import type { SpecSource } from "./api-specs.types";

/** An upload, whatever carried it (a studio form post or a GraphQL multipart request): its name and a reader. */
export interface SpecUpload {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Largest request body carrying spec uploads; refused above this from Content-Length, before anything is read. */
export const MAX_SPEC_UPLOAD_BYTES = ZIP_LIMITS.maxArchiveBytes + 1024 * 1024;

export const UPLOAD_LENGTH_REQUIRED = "The upload must say how large it is (Content-Length)";

/** The Content-Length rule shared by the studio form and GraphQL uploads (bodies without one are refused). */
export function assertUploadLength(contentLength: string | null | undefined, maxBytes = MAX_SPEC_UPLOAD_BYTES): void {
  const length = Number(contentLength);
  if (!contentLength || !Number.isFinite(length) || length <= 0) {
    throw new AppError("BAD_REQUEST", UPLOAD_LENGTH_REQUIRED);
  }
  if (length > maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The upload is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`);
  }
}

/**
 * The spec source of uploaded files: one file (JSON or YAML text), one zip archive, or several files of a folder
 * (relative $refs bundled; `entry` names the root when several could be it). Empty files are ignored. The bytes are
 * passed on as they are: the import checks their size, then decodes and parses them on a worker thread.
 */
export async function specSourceFromUploads(uploads: SpecUpload[], entry: string | null): Promise<SpecSource> {
  const files = uploads.filter((f) => f.size > 0);
  if (files.length === 0) throw new AppError("BAD_REQUEST", "Choose a spec file or give its URL");
  const contents = await Promise.all(
    files.map(async (file) => ({ file, bytes: new Uint8Array(await file.arrayBuffer()) })),
  );
  const archives = contents.filter((c) => looksLikeZip(c.bytes));
  if (archives.length > 0) {
    const [archive] = archives;
    if (!archive || contents.length > 1)
      throw new AppError("BAD_REQUEST", "Upload one zip archive, or spec files without an archive");
    return { archive: archive.bytes, entry };
  }
  const only = contents.length === 1 ? contents[0] : undefined;
  if (only) return { upload: { name: only.file.name, bytes: only.bytes } };
  return { files: Object.fromEntries(contents.map(({ file, bytes }) => [file.name, bytes])), entry };
}

/**
 * The files of an uploaded folder, each named by its path inside the folder so relative `$ref`s resolve. Browsers
 * post a folder's files under their base names (a fetch of FormData uses File.name): `paths` are the relative paths
 * the page read from the picker (webkitRelativePath), in the same order; without them, or when they do not match
 * the files, the posted names are used. Only JSON/YAML files count: a folder often holds READMEs and images too.
 */
export function folderUploads(files: SpecUpload[], paths: unknown): SpecUpload[] {
  const named =
    Array.isArray(paths) && paths.length === files.length && paths.every((p) => typeof p === "string" && p !== "")
      ? files.map((file, i) => withName(file, String(paths[i])))
      : files;
  return named.filter((file) => SPEC_FILE_PATTERN.test(file.name) && !isFolderMetadata(file.name));
}

function withName(file: SpecUpload, name: string): SpecUpload {
  return { name, size: file.size, arrayBuffer: () => file.arrayBuffer() };
}

function isFolderMetadata(name: string): boolean {
  return /(^|\/)\._/.test(name) || /(^|\/)__MACOSX\//.test(name);
}
