import type { Insertable } from "kysely";
import { newId } from "../../common/ids";
import type { ApiEndpointsTable } from "../../db/schema";
import type { NormalizedEndpoint } from "../specs/normalize-spec.types";

/**
 * The stored rows of a version's endpoints, in spec order (`position`): the one mapping from the normalizer's
 * endpoints to `api_endpoints`, used by the spec import, the demo catalog seed and the built-in demo APIs
 * (docs/decisions/072-api-read-model.md). Methods are stored upper-case (the gateway and the Endpoints tab match on
 * them); a missing request body or security is stored as NULL, everything else as JSON text.
 */
export function endpointRows(
  owner: { tenantId: string; apiId: string; versionId: string },
  endpoints: readonly NormalizedEndpoint[],
): Array<Insertable<ApiEndpointsTable>> {
  return endpoints.map((e, position) => ({
    id: newId("end"),
    tenant_id: owner.tenantId,
    api_id: owner.apiId,
    version_id: owner.versionId,
    method: e.method.toUpperCase(),
    path: e.path,
    operation_id: e.operationId,
    summary: e.summary,
    description: e.description,
    tags_json: JSON.stringify(e.tags),
    parameters_json: JSON.stringify(e.parameters),
    request_body_json: e.requestBody === null || e.requestBody === undefined ? null : JSON.stringify(e.requestBody),
    responses_json: JSON.stringify(e.responses),
    security_json: e.security === null ? null : JSON.stringify(e.security),
    position,
  }));
}
