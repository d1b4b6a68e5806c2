import { randomBytes } from "node:crypto";
import { assertTenantAdmin } from "../accounts/accounts.policy";
import type { FileStorage } from "../content/file-storage";
import { AppError } from "../errors/app-error";
import type { UseCaseContext } from "../use-case-context";

/*
 * Brand images of /admin "Tenant settings" (logos, favicon) stored through the storage provider under
 * tenants/{tenantId}/, served at /tenant-files/{name} (decision 120). Only raster images whose bytes match their type
 * are kept, so an upload can never be a page or a script; the configuration then names the file by its path.
 */

export const BRAND_IMAGE_KINDS = ["logo-light", "logo-dark", "favicon"] as const;
export type BrandImageKind = (typeof BRAND_IMAGE_KINDS)[number];
export const BRAND_IMAGE_MAX_BYTES = 512 * 1024;
export const BRAND_IMAGE_INVALID = "Upload a PNG, JPEG, GIF, WebP or ICO image of at most 512 KB";
export const TENANT_FILES_PATH = "/tenant-files";

const TYPES: Record<string, { contentType: string; magic: (b: Uint8Array) => boolean }> = {
  png: { contentType: "image/png", magic: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  jpg: { contentType: "image/jpeg", magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  gif: { contentType: "image/gif", magic: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 },
  webp: {
    contentType: "image/webp",
    magic: (b) => String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP",
  },
  ico: { contentType: "image/x-icon", magic: (b) => b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0 },
};
const NAME = /^(logo-light|logo-dark|favicon)-[0-9a-f]{16}\.(png|jpg|gif|webp|ico)$/;

function extensionOf(fileName: string): string {
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  return ext === "jpeg" ? "jpg" : ext;
}

/** Stores an uploaded brand image; returns the path the configuration should name. */
export async function storeBrandImage(
  ctx: UseCaseContext,
  input: { kind: string; fileName: string; bytes: Uint8Array },
  storage: FileStorage,
): Promise<{ path: string }> {
  const { tenantId, viewer } = ctx;
  assertTenantAdmin(viewer, tenantId);
  if (!(BRAND_IMAGE_KINDS as readonly string[]).includes(input.kind)) {
    throw new AppError("BAD_REQUEST", "Choose which image this is");
  }
  const ext = extensionOf(input.fileName);
  const type = TYPES[ext];
  if (
    !type ||
    input.bytes.byteLength === 0 ||
    input.bytes.byteLength > BRAND_IMAGE_MAX_BYTES ||
    !type.magic(input.bytes)
  ) {
    throw new AppError("BAD_REQUEST", BRAND_IMAGE_INVALID, { fields: { file: BRAND_IMAGE_INVALID } });
  }
  const name = `${input.kind}-${randomBytes(8).toString("hex")}.${ext}`;
  await storage.put(`tenants/${tenantId}/${name}`, input.bytes);
  return { path: `${TENANT_FILES_PATH}/${name}` };
}

/** A stored brand image of this tenant (public: logos show to every visitor), or null. */
export async function readBrandImage(
  tenantId: string,
  name: string,
  storage: FileStorage,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  if (!NAME.test(name)) return null;
  const bytes = await storage.get(`tenants/${tenantId}/${name}`);
  const type = TYPES[extensionOf(name)];
  return bytes && type ? { bytes, contentType: type.contentType } : null;
}
