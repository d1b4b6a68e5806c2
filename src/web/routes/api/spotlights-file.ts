import { getSpotlightFile } from "../../../core/content/spotlights.service";
import type { Route } from "./+types/spotlights-file";

const ID = /^spl_[0-9a-z]{16}$/;

/**
 * GET /spotlight-files/{id}: a spotlight's uploaded file. Raster images are shown inline; anything else is a download.
 * nosniff plus a sandboxing CSP mean a file can never run script in the site's origin, whatever its bytes.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = params.spotlightId;
  const file = ID.test(id)
    ? await getSpotlightFile(
        { db: context.db, tenantId: context.tenant.id, viewer: context.viewer },
        id,
        context.providers.storage,
      )
    : null;
  if (!file)
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const disposition = `${file.inline ? "inline" : "attachment"}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`;
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.bytes.byteLength),
      "content-disposition": disposition,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; img-src 'self'; sandbox",
      "cross-origin-resource-policy": "same-origin",
      // Drafts are private to editors, so only the browser may keep a copy.
      "cache-control": "private, max-age=300",
    },
  });
}
