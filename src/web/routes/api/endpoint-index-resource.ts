import { listApiEndpointIndex } from "../../../core/catalog/api-endpoints.service";
import { loadApiOr404 } from "../../lib/api-detail.server";
import type { Route } from "./+types/endpoint-index-resource";

/**
 * GET /resources/endpoint-index/{username}/{slug}: the whole navigation index of an API's reference (every operation
 * and webhook: method, path, summary, tag), fetched by the page when the spec has more than it rendered on the server.
 * Private APIs answer 404 to anyone they were not given to, like the page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const api = await loadApiOr404(context, params);
  const viewer = context.viewer && context.viewer.tenantId === context.tenant.id ? context.viewer : null;
  const index = await listApiEndpointIndex(context.db, context.tenant.id, api.id, viewer);
  return Response.json(index, { headers: { "Cache-Control": "private, max-age=60" } });
}
