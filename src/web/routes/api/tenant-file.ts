import { readBrandImage } from "../../../core/tenants/tenant-images.service";
import type { Route } from "./+types/tenant-file";

/**
 * GET /tenant-files/{name}: the tenant's uploaded logo or favicon (decision 120). Only the requesting tenant's own
 * files; nosniff and a sandboxing CSP so the bytes can only ever be an image.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const file = await readBrandImage(context.tenant.id, params.name, context.providers.storage);
  if (!file)
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": file.contentType,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      // Names are random per upload, so a file never changes under its name.
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
