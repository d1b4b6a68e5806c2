import { SPOTLIGHT_MESSAGES, type UploadedFile } from "../../../core/content/spotlight-validation";
import { AppError } from "../../../core/errors/app-error";

/** Room for the form's text fields and multipart framing on top of the file itself. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/**
 * Reads a multipart spotlight form with a byte cap (the tenant's MB limit plus the form's overhead), so an oversized
 * upload is refused while streaming instead of being buffered whole. Over the cap: the spec's file message.
 */
export async function readCappedForm(request: Request, maxSizeMb: number): Promise<FormData> {
  const cap = Math.ceil(maxSizeMb * 1024 * 1024) + FORM_OVERHEAD_BYTES;
  const tooBig = () =>
    new AppError("PAYLOAD_TOO_LARGE", SPOTLIGHT_MESSAGES.fileInvalid, {
      fields: { file: SPOTLIGHT_MESSAGES.fileInvalid },
    });
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > cap) throw tooBig();
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > cap) {
        await reader.cancel();
        throw tooBig();
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  const contentType = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
  return new Response(body, { headers: { "content-type": contentType } }).formData();
}

/** The uploaded file of a form field, or null when none was chosen (browsers send an empty, unnamed part). */
export async function uploadedFile(form: FormData, name: string): Promise<UploadedFile | null> {
  const value = form.get(name);
  if (!value || typeof value === "string" || (value.size === 0 && !value.name)) return null;
  return { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
}
