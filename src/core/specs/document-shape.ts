import { isPlainRecord, toPointer } from "./json-pointer";
import { SPEC_LIMITS, specError } from "./spec-errors";

export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
const METHOD_SET: ReadonlySet<string> = new Set(HTTP_METHODS);

export type SpecVersion = { kind: "swagger"; version: "2.0" } | { kind: "openapi"; version: string };

/** Tells Swagger 2.0 from OpenAPI 3.x; YAML reads unquoted `swagger: 2.0` / `openapi: 3.1` as numbers. */
export function detectSpecVersion(document: Record<string, unknown>): SpecVersion {
  const swagger = document.swagger;
  if (swagger === "2.0" || swagger === 2) return { kind: "swagger", version: "2.0" };
  if (swagger !== undefined) throw specError(`Unsupported Swagger version ${String(swagger)} (only 2.0)`, "/swagger");
  const openapi = document.openapi;
  const version =
    typeof openapi === "number" ? (Number.isInteger(openapi) ? `${openapi}.0` : String(openapi)) : openapi;
  if (typeof version === "string" && /^3\.\d+(\.\d+)?(-[\w.]+)?$/.test(version)) return { kind: "openapi", version };
  if (openapi === undefined) {
    throw specError('Spec is neither OpenAPI 3.x nor Swagger 2.0 (no "openapi" or "swagger" field)', "");
  }
  throw specError(`Unsupported OpenAPI version ${String(openapi)} (only 3.x)`, "/openapi");
}

/**
 * Checks the parts the converter and the endpoint list walk, so a malformed spec fails with a pointer
 * instead of a TypeError deep inside swagger2openapi.
 */
export function assertDocumentShape(document: Record<string, unknown>, version?: SpecVersion): void {
  const info = document.info;
  if (!isPlainRecord(info)) throw specError('Spec has no "info" object', "/info");
  if (typeof info.title !== "string" || info.title.trim() === "") {
    throw specError("Spec has no title (info.title)", "/info/title");
  }
  if (typeof info.version !== "string" && typeof info.version !== "number") {
    throw specError("Spec has no version (info.version)", "/info/version");
  }
  const paths = document.paths;
  // OpenAPI 3.1 made "paths" optional: a document needs paths, components or webhooks (e.g. webhooks only).
  if (paths === undefined && version !== undefined && pathsOptional(version)) {
    if (document.components === undefined && document.webhooks === undefined) {
      throw specError('An OpenAPI 3.1 spec needs "paths", "components" or "webhooks"', "");
    }
  } else if (!isPlainRecord(paths)) throw specError('Spec has no "paths" object', "/paths");
  let operations = 0;
  // 3.1 webhooks are path items too (keyed by name): shaped and counted like paths' operations.
  const webhooks = isPlainRecord(document.webhooks) ? document.webhooks : {};
  const items: Array<[string, string, unknown]> = [
    ...Object.entries(isPlainRecord(paths) ? paths : {}).map(([k, v]): [string, string, unknown] => ["paths", k, v]),
    ...Object.entries(webhooks).map(([k, v]): [string, string, unknown] => ["webhooks", k, v]),
  ];
  for (const [section, path, pathItem] of items) {
    if (path.startsWith("x-")) continue;
    if (section === "webhooks" && isPlainRecord(pathItem) && typeof pathItem.$ref === "string") continue;
    const where = [section, path];
    if (!isPlainRecord(pathItem)) throw specError("Path item must be an object", toPointer(where));
    assertParameterList(pathItem.parameters, [...where, "parameters"]);
    for (const [key, operation] of Object.entries(pathItem)) {
      if (!METHOD_SET.has(key)) continue;
      const at = [...where, key];
      if (!isPlainRecord(operation)) throw specError("Operation must be an object", toPointer(at));
      if (++operations > SPEC_LIMITS.maxOperations) {
        throw specError(`Spec has more than ${SPEC_LIMITS.maxOperations} operations`, toPointer(at));
      }
      assertParameterList(operation.parameters, [...at, "parameters"]);
      if (operation.responses !== undefined && !isPlainRecord(operation.responses)) {
        throw specError("Operation responses must be an object", toPointer([...at, "responses"]));
      }
    }
  }
  for (const key of ["definitions", "parameters", "responses", "securityDefinitions", "components", "webhooks"]) {
    if (document[key] !== undefined && !isPlainRecord(document[key])) {
      throw specError(`"${key}" must be an object`, toPointer([key]));
    }
  }
}

function pathsOptional(version: SpecVersion): boolean {
  if (version.kind !== "openapi") return false;
  const minor = Number(version.version.split(".")[1] ?? "0");
  return minor >= 1;
}

function assertParameterList(parameters: unknown, at: (string | number)[]): void {
  if (parameters === undefined) return;
  if (!Array.isArray(parameters)) throw specError("Parameters must be a list", toPointer(at));
  parameters.forEach((parameter, index) => {
    if (!isPlainRecord(parameter)) throw specError("Parameter must be an object", toPointer([...at, index]));
  });
}
