import type { Insertable } from "kysely";
import { newId } from "../../common/ids";
import type { ApiEndpointsTable } from "../../db/schema";
import type { PreparedEndpoint } from "../specs/spec-job.types";

/**
 * The stored rows of a version's endpoints, in spec order (`position`): the one mapping from prepared endpoints (JSON
 * columns serialized by `preparedEndpoint`, in the spec worker for imports) to `api_endpoints`, used by the spec import,
 * the demo catalog seed and the built-in demo APIs (docs/decisions/072-api-read-model.md).
 */
export function endpointRows(
  owner: { tenantId: string; apiId: string; versionId: string },
  endpoints: readonly PreparedEndpoint[],
): Array<Insertable<ApiEndpointsTable>> {
  return endpoints.map((e, position) => ({
    id: newId("end"),
    tenant_id: owner.tenantId,
    api_id: owner.apiId,
    version_id: owner.versionId,
    kind: e.kind,
    method: e.method,
    path: e.path,
    operation_id: e.operationId,
    summary: e.summary,
    description: e.description,
    tags_json: e.tagsJson,
    parameters_json: e.parametersJson,
    request_body_json: e.requestBodyJson,
    responses_json: e.responsesJson,
    security_json: e.securityJson,
    position,
  }));
}
