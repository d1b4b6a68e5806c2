import { HTTP_METHODS } from "./document-shape";
import { isFound, isPlainRecord, lookupSegments, refToSegments, toPointer } from "./json-pointer";
import type { NormalizedEndpoint, NormalizedParameter } from "./normalize-spec.types";
import { SPEC_LIMITS, specError } from "./spec-errors";

const METHOD_SET: ReadonlySet<string> = new Set(HTTP_METHODS);

/**
 * Lists every operation of an OpenAPI 3.x document in document order, with parameters merged and refs resolved, then
 * its 3.1 webhooks (kind "webhook", the webhook's name as `path`): they are documented like operations.
 */
export function deriveEndpoints(document: Record<string, unknown>): NormalizedEndpoint[] {
  const globalSecurity = Array.isArray(document.security) ? document.security : null;
  const endpoints: NormalizedEndpoint[] = [];
  const collect = (kind: NormalizedEndpoint["kind"], section: "paths" | "webhooks") => {
    const items = document[section];
    if (!isPlainRecord(items)) return;
    for (const [path, rawPathItem] of Object.entries(items)) {
      if (kind === "operation" ? !path.startsWith("/") : path.startsWith("x-")) continue;
      const pathWhere = [section, path];
      const pathItem = resolveRef(document, rawPathItem, pathWhere);
      if (!isPlainRecord(pathItem)) continue;
      const pathParameters = resolveParameters(document, pathItem.parameters, [...pathWhere, "parameters"]);
      for (const [method, rawOperation] of Object.entries(pathItem)) {
        if (!METHOD_SET.has(method) || !isPlainRecord(rawOperation)) continue;
        endpoints.push(endpointOf(document, kind, path, method, rawOperation, pathParameters, globalSecurity));
      }
    }
  };
  collect("operation", "paths");
  collect("webhook", "webhooks");
  return endpoints;
}

function endpointOf(
  document: Record<string, unknown>,
  kind: NormalizedEndpoint["kind"],
  path: string,
  method: string,
  operation: Record<string, unknown>,
  pathParameters: NormalizedParameter[],
  globalSecurity: unknown[] | null,
): NormalizedEndpoint {
  const where = [kind === "operation" ? "paths" : "webhooks", path, method];
  const operationParameters = resolveParameters(document, operation.parameters, [...where, "parameters"]);
  return {
    kind,
    method: method.toUpperCase(),
    path,
    operationId: stringOrNull(operation.operationId),
    summary: stringOrNull(operation.summary),
    description: stringOrNull(operation.description),
    tags: Array.isArray(operation.tags) ? operation.tags.filter((tag) => typeof tag === "string") : [],
    parameters: mergeParameters(pathParameters, operationParameters),
    requestBody:
      operation.requestBody === undefined
        ? null
        : (resolveRef(document, operation.requestBody, [...where, "requestBody"]) ?? null),
    responses: resolveResponses(document, operation.responses, [...where, "responses"]),
    security: Array.isArray(operation.security) ? operation.security : globalSecurity,
  };
}

/** Follows a chain of `$ref` objects to the value they name; a cycle or a dangling ref is a spec error. */
export function resolveRef(document: Record<string, unknown>, value: unknown, where: (string | number)[]): unknown {
  let current = value;
  const seen = new Set<string>();
  while (isPlainRecord(current) && typeof current.$ref === "string") {
    const ref = current.$ref;
    if (seen.has(ref) || seen.size >= SPEC_LIMITS.maxRefHops) {
      throw specError(`Circular $ref: ${ref}`, toPointer(where));
    }
    seen.add(ref);
    const segments = refToSegments(ref);
    if (segments === null) throw specError(`Malformed $ref: ${ref}`, toPointer(where));
    const target = lookupSegments(document, segments);
    if (!isFound(target)) throw specError(`Broken $ref: ${ref} points at nothing`, toPointer(where));
    current = target;
  }
  return current;
}

function resolveParameters(
  document: Record<string, unknown>,
  parameters: unknown,
  where: (string | number)[],
): NormalizedParameter[] {
  if (!Array.isArray(parameters)) return [];
  const result: NormalizedParameter[] = [];
  parameters.forEach((raw, index) => {
    const at = [...where, index];
    const parameter = resolveRef(document, raw, at);
    if (!isPlainRecord(parameter)) throw specError("Parameter must be an object", toPointer(at));
    if (typeof parameter.name !== "string" || typeof parameter.in !== "string") {
      throw specError('Parameter needs a "name" and an "in"', toPointer(at));
    }
    result.push({
      name: parameter.name,
      in: parameter.in,
      // Path parameters are always required, whatever the document says.
      required: parameter.in === "path" || parameter.required === true,
      description: stringOrNull(parameter.description),
      schema: parameterSchema(parameter),
    });
  });
  return result;
}

/** OpenAPI 3 puts the schema either on the parameter or under its single `content` media type. */
function parameterSchema(parameter: Record<string, unknown>): unknown {
  if (parameter.schema !== undefined) return parameter.schema;
  if (isPlainRecord(parameter.content)) {
    for (const media of Object.values(parameter.content)) {
      if (isPlainRecord(media) && media.schema !== undefined) return media.schema;
    }
  }
  return null;
}

/** Operation-level parameters override path-level ones with the same name and location. */
function mergeParameters(
  pathLevel: NormalizedParameter[],
  operationLevel: NormalizedParameter[],
): NormalizedParameter[] {
  const merged = [...pathLevel];
  for (const parameter of operationLevel) {
    const existing = merged.findIndex((other) => other.name === parameter.name && other.in === parameter.in);
    if (existing >= 0) merged[existing] = parameter;
    else merged.push(parameter);
  }
  return merged;
}

function resolveResponses(
  document: Record<string, unknown>,
  responses: unknown,
  where: (string | number)[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (!isPlainRecord(responses)) return result;
  for (const [status, response] of Object.entries(responses)) {
    if (status.startsWith("x-")) continue;
    result[status] = resolveRef(document, response, [...where, status]);
  }
  return result;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
