import { getApiSpecDocument } from "../../../core/api-specs/api-specs.service";
import { loadApiOr404 } from "../../lib/api-detail.server";
import { whenRefused } from "../../lib/route-errors.server";
import type { Route } from "./+types/spec-download-resource";

/**
 * GET /resources/spec/{username}/{slug}/{versionId}/{original|normalized}: a stored spec document as a download.
 * Same visibility as the API page (private APIs only for who may see them), the tenant's Specs switch and, when
 * public mode is off, a session.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { tenant, viewer } = context;
  const signedIn = viewer !== null && viewer.tenantId === tenant.id;
  const kind = params.kind;
  if (!tenant.config.switches.specsTab || (!tenant.config.switches.publicMode && !signedIn)) return notFound();
  if (kind !== "original" && kind !== "normalized") return notFound();
  let api: Awaited<ReturnType<typeof loadApiOr404>>;
  try {
    api = await loadApiOr404(context, params);
  } catch {
    return notFound();
  }
  const doc = await whenRefused(
    getApiSpecDocument({ db: context.db, tenantId: tenant.id, viewer }, api.id, params.versionId, kind),
    ["NOT_FOUND"],
    () => null,
  );
  if (!doc) return notFound();
  const extension = doc.format === "json" ? "json" : "yaml";
  const name = `${api.slug}-${doc.version || "spec"}-${kind}`.replace(/[^A-Za-z0-9._-]+/g, "-");
  return new Response(doc.text, {
    headers: {
      "content-type": doc.format === "json" ? "application/json; charset=utf-8" : "application/yaml; charset=utf-8",
      "content-disposition": `attachment; filename="${name}.${extension}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=60",
    },
  });
}

function notFound(): Response {
  return new Response("This page could not be found", { status: 404, headers: { "content-type": "text/plain" } });
}
