import { changelogAtom } from "../../../core/api-specs/changelog-atom";
import { listApiChangelog } from "../../../core/api-specs/spec-changelog.service";
import { loadApiOr404 } from "../../lib/api-detail.server";
import type { Route } from "./+types/changelog-feed-resource";

/**
 * GET /feeds/{username}/{slug}/changelog.atom: the API's changelog as an Atom feed (decision 081), the 20 newest
 * versions. Same visibility as the API page: a private API's feed only for who may see it.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const api = await loadApiOr404(context, params);
  const log = await listApiChangelog({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id, {
    limit: 20,
  });
  const origin = new URL(request.url).origin;
  const xml = changelogAtom({
    apiName: api.name,
    pageUrl: `${origin}/${api.ownerUsername}/api/${api.slug}/changelog`,
    feedUrl: `${origin}/feeds/${api.ownerUsername}/${api.slug}/changelog.atom`,
    entries: log.items,
    updatedAt: api.updatedAt,
  });
  return new Response(xml, {
    headers: {
      "content-type": "application/atom+xml; charset=utf-8",
      "x-content-type-options": "nosniff",
      // Private APIs' feeds depend on the session: never shared caches.
      "cache-control": api.visibility === "PUBLIC" ? "public, max-age=300" : "private, max-age=60",
    },
  });
}
