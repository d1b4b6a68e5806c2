import { type LogoOwner, readLogo } from "../../../core/catalog/api-logo.service";
import { toUseCaseContext } from "../../../core/use-case-context";
import { COLLECTION_PREFIX } from "../../lib/logo-src";
import type { Route } from "./+types/api-logo-file";

/**
 * GET /logos/{api id}.{ext} (or /logos/collection-{id}.{ext}): an API's or collection's remote logo from our own origin (decision 142); the extension is only a hint for
 * people reading the address. No logo (no API the visitor may see, or the remote host failed) is 204 No Content: the
 * picture fails quietly (no console error) and the card keeps its initials. nosniff and a sandboxing CSP so the
 * bytes can only ever be an image (an SVG's scripts never run).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = params.file.replace(/\.[a-z0-9]{1,5}$/i, "");
  const owner: LogoOwner = id.startsWith(COLLECTION_PREFIX)
    ? { kind: "collection", id: id.slice(COLLECTION_PREFIX.length) }
    : { kind: "api", id };
  const logo = await readLogo(toUseCaseContext(context), {
    owner,
    allowPrivate: context.config.SPEC_IMPORT_ALLOW_PRIVATE_URLS,
  });
  const headers = {
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    // The address carries a hash of the remote URL (logo-src.ts): a new thumbnail is a new address.
    "cache-control": logo ? "private, max-age=604800" : "private, max-age=3600",
  };
  if (!logo) return new Response(null, { status: 204, headers });
  return new Response(new Uint8Array(logo.bytes), { headers: { ...headers, "content-type": logo.contentType } });
}
