import type { SpecSource } from "../../core/api-specs/api-specs.types";
import {
  assertUploadLength,
  folderUploads,
  MAX_SPEC_UPLOAD_BYTES,
  specSourceFromUploads,
} from "../../core/api-specs/spec-uploads";
import { AppError } from "../../core/errors/app-error";
import { SPEC_UPLOAD_LIMITS } from "../../core/specs/bundle-spec-files";

/** The studio's import form: a few spec files or one archive, plus form fields; refused above this before parsing. */
export const MAX_UPLOAD_BYTES = MAX_SPEC_UPLOAD_BYTES;

/**
 * Reads a form post with a size cap. The page handler streams bodies to actions unparsed, so the cap is enforced
 * here from Content-Length (HTTP/1.1 bodies cannot be longer than it); bodies without one are refused.
 */
export async function readLimitedForm(request: Request, maxBytes = MAX_UPLOAD_BYTES): Promise<FormData> {
  assertUploadLength(request.headers.get("content-length"), maxBytes);
  return request.formData();
}

/** The spec source of the studio's import form: a URL, one file, a zip archive, several files, or a folder. */
export async function specSourceFromForm(form: FormData): Promise<SpecSource> {
  const url = String(form.get("specUrl") ?? "").trim();
  const files = postedFiles(form, "specFiles");
  // Every file of the folder, empty ones too: the posted paths are matched to them by position.
  const folder = form.getAll("specFolder").filter((f): f is File => typeof f !== "string" && f.name !== "");
  const entry = String(form.get("entry") ?? "").trim() || null;
  const given = [url !== "", files.length > 0, folder.some((f) => f.size > 0)].filter(Boolean).length;
  if (given > 1) throw new AppError("BAD_REQUEST", "Upload files, a folder or give a URL: one of them");
  if (url) return { url };
  if (folder.some((f) => f.size > 0)) {
    const inFolder = folderUploads(folder, readPaths(form.get("specFolderPaths")));
    if (inFolder.length === 0) throw new AppError("BAD_REQUEST", "The folder holds no JSON or YAML files");
    return specSourceFromUploads(inFolder, entry);
  }
  return specSourceFromUploads(files, entry);
}

function postedFiles(form: FormData, name: string): File[] {
  return form.getAll(name).filter((f): f is File => typeof f !== "string" && f.size > 0);
}

// Every file of the largest upload with a long path: the whole form is bounded by its Content-Length anyway.
const MAX_PATHS_FIELD = SPEC_UPLOAD_LIMITS.maxFiles * 1_024;

function readPaths(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string" || value === "" || value.length > MAX_PATHS_FIELD) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}
