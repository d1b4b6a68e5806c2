import type { Db } from "../../db/connection";
import { privateApiIdsFor } from "../access/private-apis.service";
import type { Viewer } from "../accounts/accounts.types";
import { isPlainRecord } from "../specs/json-pointer";
import type { NormalizedParameter } from "../specs/normalize-spec.types";
import { selectNormalizedDocument, selectVisibleEndpoint, type VisibleEndpointRow } from "./endpoint-detail.queries";
import { buildSchemaView, compactJson, exampleFromSchema, resolveSchemaRef, type SchemaNode } from "./schema-view";
import { parseStoredJson } from "./stored-json";

export interface EndpointParameterDetail {
  name: string;
  in: string;
  required: boolean;
  description: string | null;
  schema: SchemaNode | null;
  /** A value to prefill the try-it field with (example, default or first enum value), as text. */
  example: string | null;
  /** Allowed values as text, for a select in the try-it form. */
  options: string[] | null;
}

export interface MediaDetail {
  contentType: string;
  schema: SchemaNode | null;
  /** Pretty-printed example (documented or generated from the schema); null when none can be made. */
  example: string | null;
}

export interface EndpointDetail {
  id: string;
  method: string;
  path: string;
  operationId: string | null;
  summary: string | null;
  description: string | null;
  tags: string[];
  parameters: EndpointParameterDetail[];
  requestBody: { required: boolean; description: string | null; media: MediaDetail[] } | null;
  responses: Array<{ status: string; description: string | null; media: MediaDetail[] }>;
  /** Names of the security schemes the operation accepts (any of). */
  security: string[];
}

/** What the try-it proxy needs to know about the operation being called. */
export interface EndpointTarget {
  apiId: string;
  versionId: string;
  endpointId: string;
  ownerUsername: string;
  apiSlug: string;
  method: string;
  path: string;
  parameters: NormalizedParameter[];
  /** Content types the request body accepts (empty: no body). */
  bodyContentTypes: string[];
  responses: Record<string, unknown>;
}

type Doc = Record<string, unknown>;

// Versions never change once stored, so parsed documents can be kept; a few of them, as specs can be megabytes.
const DOC_CACHE_SIZE = 4;
const docCache = new Map<string, Promise<Doc>>();

async function documentOf(db: Db, tenantId: string, versionId: string): Promise<Doc> {
  const key = `${db.dialect}:${tenantId}:${versionId}`;
  const cached = docCache.get(key);
  if (cached) {
    docCache.delete(key);
    docCache.set(key, cached);
    return cached;
  }
  const loading = selectNormalizedDocument(db, tenantId, versionId).then((text) => {
    if (text === null) return {};
    try {
      const parsed: unknown = JSON.parse(text);
      return isPlainRecord(parsed) ? parsed : {};
    } catch {
      return {};
    }
  });
  docCache.set(key, loading);
  while (docCache.size > DOC_CACHE_SIZE) {
    const oldest = docCache.keys().next().value;
    if (oldest === undefined) break;
    docCache.delete(oldest);
  }
  loading.catch(() => docCache.delete(key));
  return loading;
}

async function visibleRow(
  db: Db,
  tenantId: string,
  ref: { ownerUsername: string; slug: string },
  endpointId: string,
  viewer: Viewer | null | undefined,
): Promise<VisibleEndpointRow | null> {
  const privateIds = await privateApiIdsFor(db, tenantId, viewer);
  return (await selectVisibleEndpoint(db, tenantId, ref, endpointId, privateIds)) ?? null;
}

function asText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  return compactJson(value, 2000) ?? null;
}

function mediaOf(document: Doc, content: unknown, withExample: boolean): MediaDetail[] {
  if (!isPlainRecord(content)) return [];
  return Object.entries(content)
    .slice(0, 8)
    .map(([contentType, rawMedia]) => {
      const media = resolveSchemaRef(document, rawMedia).schema;
      if (!isPlainRecord(media)) return { contentType, schema: null, example: null };
      const schema = media.schema === undefined ? null : buildSchemaView(document, media.schema);
      let example: unknown;
      if (media.example !== undefined) example = media.example;
      else if (isPlainRecord(media.examples)) {
        const first = resolveSchemaRef(document, Object.values(media.examples)[0]).schema;
        if (isPlainRecord(first)) example = first.value;
      }
      if (example === undefined && withExample && media.schema !== undefined) {
        example = exampleFromSchema(document, media.schema);
      }
      return { contentType, schema, example: prettyExample(example) };
    });
}

const MAX_EXAMPLE_TEXT = 64 * 1024;

function prettyExample(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === "string") return value.slice(0, MAX_EXAMPLE_TEXT);
  try {
    const text = JSON.stringify(value, null, 2);
    return text === undefined ? null : text.slice(0, MAX_EXAMPLE_TEXT);
  } catch {
    return null;
  }
}

function parameterDetail(document: Doc, p: NormalizedParameter): EndpointParameterDetail {
  const schema = p.schema === null || p.schema === undefined ? null : resolveSchemaRef(document, p.schema).schema;
  let example: unknown;
  let options: string[] | null = null;
  if (isPlainRecord(schema)) {
    if (schema.example !== undefined) example = schema.example;
    else if (schema.default !== undefined) example = schema.default;
    if (Array.isArray(schema.enum)) options = schema.enum.slice(0, 100).map((v) => asText(v) ?? "");
  }
  return {
    name: p.name,
    in: p.in,
    required: p.required,
    description: p.description,
    schema: p.schema === null || p.schema === undefined ? null : buildSchemaView(document, p.schema),
    example: asText(example),
    options,
  };
}

function securityNames(security: unknown): string[] {
  if (!Array.isArray(security)) return [];
  const names = new Set<string>();
  for (const requirement of security) {
    if (isPlainRecord(requirement)) for (const name of Object.keys(requirement)) names.add(name);
  }
  return [...names];
}

/**
 * One operation of a visible API with its parameters, request body and responses as display trees (internal `$ref`s
 * resolved against the stored document, cycles marked). Null when the API is not visible to `viewer` or the
 * endpoint is not one of its operations.
 */
export async function getEndpointDetail(
  db: Db,
  tenantId: string,
  ref: { ownerUsername: string; slug: string },
  endpointId: string,
  viewer?: Viewer | null,
): Promise<EndpointDetail | null> {
  const row = await visibleRow(db, tenantId, ref, endpointId, viewer);
  if (!row) return null;
  const document = await documentOf(db, tenantId, row.version_id);
  const parameters = parseStoredJson<NormalizedParameter[]>(row.parameters_json, []);
  const body = parseStoredJson<unknown>(row.request_body_json, null);
  const responses = parseStoredJson<Record<string, unknown>>(row.responses_json, {});
  const requestBody = resolveSchemaRef(document, body).schema;
  return {
    id: row.id,
    method: row.method,
    path: row.path,
    operationId: row.operation_id,
    summary: row.summary,
    description: row.description,
    tags: parseStoredJson<string[]>(row.tags_json, []),
    parameters: parameters.map((p) => parameterDetail(document, p)),
    requestBody: isPlainRecord(requestBody)
      ? {
          required: requestBody.required === true,
          description: typeof requestBody.description === "string" ? requestBody.description : null,
          media: mediaOf(document, requestBody.content, true),
        }
      : null,
    responses: Object.entries(isPlainRecord(responses) ? responses : {})
      .slice(0, 30)
      .map(([status, raw]) => {
        const response = resolveSchemaRef(document, raw).schema;
        return {
          status,
          description:
            isPlainRecord(response) && typeof response.description === "string" ? response.description : null,
          media: isPlainRecord(response) ? mediaOf(document, response.content, false) : [],
        };
      }),
    security: securityNames(parseStoredJson<unknown>(row.security_json, null)),
  };
}

/** The operation a try-it call targets, or null when it is not an operation of this visible API. */
export async function getEndpointTarget(
  db: Db,
  tenantId: string,
  ref: { ownerUsername: string; slug: string },
  endpointId: string,
  viewer?: Viewer | null,
): Promise<EndpointTarget | null> {
  const row = await visibleRow(db, tenantId, ref, endpointId, viewer);
  if (!row) return null;
  const body = parseStoredJson<unknown>(row.request_body_json, null);
  const content = isPlainRecord(body) && isPlainRecord(body.content) ? Object.keys(body.content) : [];
  // A body whose $ref is still unresolved at this level is still a body: JSON is the usual guess.
  const bodyContentTypes = content.length > 0 ? content : isPlainRecord(body) ? ["application/json"] : [];
  return {
    apiId: row.api_id,
    versionId: row.version_id,
    endpointId: row.id,
    ownerUsername: row.owner_username,
    apiSlug: row.api_slug,
    method: row.method,
    path: row.path,
    parameters: parseStoredJson<NormalizedParameter[]>(row.parameters_json, []),
    bodyContentTypes,
    responses: parseStoredJson<Record<string, unknown>>(row.responses_json, {}),
  };
}

export interface MockAnswer {
  status: number;
  contentType: string;
  body: string;
}

function firstSuccessStatus(responses: Record<string, unknown>): string | null {
  const codes = Object.keys(responses)
    .filter((c) => /^2(\d\d|XX)$/i.test(c))
    .sort();
  return codes[0] ?? ("default" in responses ? "default" : null);
}

/**
 * The answer mock mode gives for this operation, as the gateway's mock mode does: the first 2xx response's example,
 * first named example, or a value generated from its schema (within a node budget, so a huge schema stays cheap).
 */
export async function mockEndpointResponse(db: Db, tenantId: string, target: EndpointTarget): Promise<MockAnswer> {
  const code = firstSuccessStatus(target.responses);
  if (!code) return { status: 204, contentType: "application/json", body: "" };
  const status = /^\d{3}$/.test(code) ? Number(code) : 200;
  const document = await documentOf(db, tenantId, target.versionId);
  const response = resolveSchemaRef(document, target.responses[code]).schema;
  const content = isPlainRecord(response) && isPlainRecord(response.content) ? response.content : null;
  if (!content) return { status, contentType: "application/json", body: "" };
  const types = Object.keys(content);
  const contentType = types.find((t) => t.includes("json")) ?? types[0] ?? "application/json";
  const media = resolveSchemaRef(document, content[contentType]).schema;
  if (!isPlainRecord(media)) return { status, contentType, body: "" };
  let value: unknown;
  if (media.example !== undefined) value = media.example;
  else if (isPlainRecord(media.examples)) {
    const first = resolveSchemaRef(document, Object.values(media.examples)[0]).schema;
    if (isPlainRecord(first)) value = first.value;
  }
  if (value === undefined) value = exampleFromSchema(document, media.schema);
  const body =
    typeof value === "string" && !contentType.includes("json") ? value : (JSON.stringify(value ?? null) ?? "");
  return { status, contentType, body };
}
