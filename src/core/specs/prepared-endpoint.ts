import type { NormalizedEndpoint } from "./normalize-spec.types";
import type { PreparedEndpoint } from "./spec-job.types";

/**
 * An endpoint ready to store: methods upper-case (the gateway and the Endpoints tab match on them), JSON columns
 * serialized, a missing request body or security as null. The one serialization, run in the spec worker for imports
 * and in-process by the seed and the demo APIs; `endpointRows` then adds the row's ids and position.
 */
export function preparedEndpoint(e: NormalizedEndpoint): PreparedEndpoint {
  return {
    kind: e.kind,
    method: e.method.toUpperCase(),
    path: e.path,
    operationId: e.operationId,
    summary: e.summary,
    description: e.description,
    tagsJson: JSON.stringify(e.tags),
    parametersJson: JSON.stringify(e.parameters),
    requestBodyJson: e.requestBody === null || e.requestBody === undefined ? null : JSON.stringify(e.requestBody),
    responsesJson: JSON.stringify(e.responses),
    securityJson: e.security === null ? null : JSON.stringify(e.security),
  };
}
