import { isValidHttpUrl } from "../../common/url";
import { AppError } from "../errors/app-error";

/** Spec section 5, word for word. */
export const SPOTLIGHT_MESSAGES = {
  required: "Title and Spotlight URL / File are required!",
  urlInvalid: "The URL is not valid. Please verify.",
  titleInvalid: "The title is not valid. Please verify.",
  fileInvalid: "Please verify the file type & size.",
} as const;

export const SPOTLIGHT_TITLE_MAX = 100;
export const SPOTLIGHT_DESCRIPTION_MAX = 500;

export interface SpotlightFileLimits {
  allowedExtensions: string[];
  maxSizeMb: number;
}

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface SpotlightFields {
  title: string;
  description: string | null;
  url: string | null;
}

/** Raster images shown inline; anything else (PDF included) is served as a download. */
const INLINE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};
const DOWNLOAD_TYPES: Record<string, string> = { pdf: "application/pdf" };

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((b, i) => bytes[offset + i] === b);
}

/** Files of a known type must carry its signature, so an HTML page renamed to .png is refused at upload. */
const SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  gif: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]),
  webp: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8),
  pdf: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]),
};

/** The lowercased extension of a file name ("" when none). */
export function fileExtension(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  return match?.[1]?.toLowerCase() ?? "";
}

/** Content type and whether the file may be shown inline (raster images only; never HTML or SVG). */
export function spotlightFileType(extension: string): { contentType: string; inline: boolean } {
  const inline = INLINE_TYPES[extension];
  if (inline) return { contentType: inline, inline: true };
  return { contentType: DOWNLOAD_TYPES[extension] ?? "application/octet-stream", inline: false };
}

/** Title rule: 1-100 characters after trimming, no control characters, at least one letter or digit. */
export function isValidSpotlightTitle(title: string): boolean {
  return (
    title.length > 0 &&
    title.length <= SPOTLIGHT_TITLE_MAX &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    !/[\u0000-\u001f\u007f]/.test(title) &&
    /[\p{L}\p{N}]/u.test(title)
  );
}

/** True when the file's extension is allowed by the tenant, its size is within the limit and its bytes match. */
export function isAcceptableSpotlightFile(file: UploadedFile, limits: SpotlightFileLimits): boolean {
  const extension = fileExtension(file.name);
  if (!extension || !limits.allowedExtensions.includes(extension)) return false;
  // Never stored whatever the tenant allows: they would run script if a browser ever rendered them.
  if (["html", "htm", "svg", "xhtml", "xml", "js", "mjs"].includes(extension)) return false;
  const size = file.bytes.byteLength;
  if (size === 0 || size > limits.maxSizeMb * 1024 * 1024) return false;
  const signature = SIGNATURES[extension];
  return signature ? signature(file.bytes) : true;
}

function cleanText(value: string | null | undefined): string {
  return typeof value === "string" ? value.trim() : "";
}

/**
 * Checks a spotlight as the editor submits it, in the spec's order: required fields first, then title, URL and file.
 * `hasStoredFile` counts a file kept from before (editing without re-uploading). Throws BAD_REQUEST with the spec text.
 */
export function validateSpotlight(
  input: { title?: string | null; description?: string | null; url?: string | null },
  file: UploadedFile | null,
  limits: SpotlightFileLimits,
  hasStoredFile = false,
): SpotlightFields {
  const title = cleanText(input.title);
  const url = cleanText(input.url);
  const description = cleanText(input.description);
  if (!title || (!url && !file && !hasStoredFile)) {
    throw new AppError("BAD_REQUEST", SPOTLIGHT_MESSAGES.required, {
      fields: {
        ...(title ? {} : { title: SPOTLIGHT_MESSAGES.required }),
        ...(url || file ? {} : { url: SPOTLIGHT_MESSAGES.required }),
      },
    });
  }
  if (!isValidSpotlightTitle(title)) {
    throw new AppError("BAD_REQUEST", SPOTLIGHT_MESSAGES.titleInvalid, {
      fields: { title: SPOTLIGHT_MESSAGES.titleInvalid },
    });
  }
  if (url && !isValidHttpUrl(url)) {
    throw new AppError("BAD_REQUEST", SPOTLIGHT_MESSAGES.urlInvalid, {
      fields: { url: SPOTLIGHT_MESSAGES.urlInvalid },
    });
  }
  if (file && !isAcceptableSpotlightFile(file, limits)) {
    throw new AppError("BAD_REQUEST", SPOTLIGHT_MESSAGES.fileInvalid, {
      fields: { file: SPOTLIGHT_MESSAGES.fileInvalid },
    });
  }
  if (description.length > SPOTLIGHT_DESCRIPTION_MAX) {
    throw new AppError("BAD_REQUEST", `Description must be at most ${SPOTLIGHT_DESCRIPTION_MAX} characters`, {
      fields: { description: `Description must be at most ${SPOTLIGHT_DESCRIPTION_MAX} characters` },
    });
  }
  return { title, description: description || null, url: url || null };
}
