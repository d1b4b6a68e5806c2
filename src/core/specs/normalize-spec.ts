import { assertRefsInternalAndResolvable } from "./check-refs";
import { convertSwaggerToOpenApi } from "./convert-swagger";
import { deriveEndpoints } from "./derive-endpoints";
import { assertDocumentShape, detectSpecVersion } from "./document-shape";
import { isPlainRecord } from "./json-pointer";
import type { NormalizedSpec, NormalizeSpecOptions, SpecStage } from "./normalize-spec.types";
import { isJsonText, parseSpecText } from "./parse-document";
import { sanitizeTree } from "./sanitize-tree";
import { SPEC_LIMITS, specError } from "./spec-errors";
import { readServerUrls, readSpecMeta, stringOrNull } from "./spec-meta";

export type {
  NormalizedEndpoint,
  NormalizedParameter,
  NormalizedSpec,
  NormalizedSpecMeta,
  NormalizeSpecOptions,
  SpecStage,
} from "./normalize-spec.types";

/**
 * Turns uploaded JSON/YAML (Swagger 2.0 or OpenAPI 3.x) into an OpenAPI 3.x document plus its endpoint list.
 * Every refusal is an AppError("BAD_REQUEST", message, { where }) with a JSON pointer or line:column.
 */
export async function normalizeSpec(text: string, options: NormalizeSpecOptions = {}): Promise<NormalizedSpec> {
  options.onStage?.("parsing");
  const parsed = parseSpecText(text, options.maxBytes ?? SPEC_LIMITS.defaultMaxBytes);
  // JSON.parse output is fresh and unshared, and nothing else holds it: it can be checked without a copy.
  return normalizeParsedSpec(parsed, text, { owned: isJsonText(text), onStage: options.onStage });
}

/**
 * The same checks and conversion for an already parsed document (e.g. one bundled from several uploaded files by
 * bundleSpecFiles). `text` is the document's source text, handed to the Swagger converter to spare a re-serialization.
 * `owned`: the caller hands over a tree nothing else uses or shares (JSON.parse output), so it is validated in place.
 */
export async function normalizeParsedSpec(
  parsed: unknown,
  text: string,
  options: { owned?: boolean; onStage?: (stage: SpecStage) => void } = {},
): Promise<NormalizedSpec> {
  const onStage = options.onStage ?? (() => {});
  onStage("checking");
  if (!isPlainRecord(parsed)) throw specError("Spec must be a JSON or YAML object", "");
  const source = sanitizeTree(parsed, { inPlace: options.owned === true });
  const sourceDocument = source.value as Record<string, unknown>;
  const version = detectSpecVersion(sourceDocument);
  assertDocumentShape(sourceDocument, version);
  assertRefsInternalAndResolvable(sourceDocument, source.refs);

  let document: Record<string, unknown>;
  if (version.kind === "swagger") {
    onStage("converting");
    // The converter rewrites refs (#/definitions → #/components/schemas): check the result again.
    // The converter's result is a fresh tree of its own (it clones its input): validated in place, not copied again.
    const converted = sanitizeTree(await convertSwaggerToOpenApi(sourceDocument, text), { inPlace: true });
    document = converted.value as Record<string, unknown>;
    assertConverted(document);
    assertRefsInternalAndResolvable(document, converted.refs);
  } else {
    document = { ...sourceDocument, openapi: version.version };
  }

  onStage("endpoints");
  const info = isPlainRecord(document.info) ? document.info : {};
  return {
    sourceFormat: version.kind === "swagger" ? "swagger-2.0" : `openapi-${version.version}`,
    title: String(info.title ?? "").trim(),
    version: String(info.version ?? ""),
    description: stringOrNull(info.description),
    servers: readServerUrls(document),
    document,
    endpoints: deriveEndpoints(document),
    meta: readSpecMeta(document),
  };
}

function assertConverted(document: Record<string, unknown>): void {
  if (typeof document.openapi !== "string" || !document.openapi.startsWith("3.")) {
    throw specError("Converted document is not OpenAPI 3.x", "/openapi");
  }
  if (!isPlainRecord(document.paths)) throw specError('Converted document has no "paths" object', "/paths");
}
