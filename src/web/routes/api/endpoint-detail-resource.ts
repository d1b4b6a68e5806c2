import { getEndpointDetail } from "../../../core/catalog/endpoint-detail.service";
import { requireSlug, requireUsername } from "../../lib/http-errors";
import { gatewayPublicBase } from "../../lib/try-it-gateway.server";
import type { Route } from "./+types/endpoint-detail-resource";

const ENDPOINT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * GET /resources/endpoint/{username}/{slug}/{endpointId}: one operation's parameters, body and responses as display
 * trees, loaded when a row of the Endpoints tab is expanded (the tab's SSR stays small for specs with 1,000+
 * operations). Private APIs answer 404 to anyone they were not given to, like the API page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ownerUsername = requireUsername(params.username);
  const slug = requireSlug(params.slug);
  if (!ENDPOINT_ID.test(params.endpointId)) throw Response.json({ error: "Endpoint not found" }, { status: 404 });
  const detail = await getEndpointDetail(
    context.db,
    context.tenant.id,
    { ownerUsername, slug },
    params.endpointId,
    context.viewer,
  );
  if (!detail) throw Response.json({ error: "Endpoint not found" }, { status: 404 });
  return Response.json(
    { detail, gatewayUrl: gatewayPublicBase(context.config), signedIn: context.viewer !== null },
    // Versions are immutable, but visibility can change: a short private cache only.
    { headers: { "Cache-Control": "private, max-age=60" } },
  );
}
