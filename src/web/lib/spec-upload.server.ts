import type { SpecSource } from "../../core/api-specs/api-specs.types";
import { assertUploadLength, MAX_SPEC_UPLOAD_BYTES, specSourceFromUploads } from "../../core/api-specs/spec-uploads";
import { AppError } from "../../core/errors/app-error";

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

/** The spec source of the studio's import form: a URL, one file, a zip archive, or several files (a folder). */
export async function specSourceFromForm(form: FormData): Promise<SpecSource> {
  const url = String(form.get("specUrl") ?? "").trim();
  const files = form.getAll("specFiles").filter((f): f is File => typeof f !== "string" && f.size > 0);
  const entry = String(form.get("entry") ?? "").trim() || null;
  if (url && files.length > 0) throw new AppError("BAD_REQUEST", "Upload a file or give a URL, not both");
  if (url) return { url };
  return specSourceFromUploads(files, entry);
}
