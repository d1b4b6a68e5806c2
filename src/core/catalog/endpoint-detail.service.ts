import type { Db } from "../../db/connection";
import { privateApiIdsFor } from "../access/private-apis.service";
import type { Viewer } from "../accounts/accounts.types";
import { isPlainRecord } from "../specs/json-pointer";
import type { NormalizedParameter } from "../specs/normalize-spec.types";
import { type MockResponse, mockResponse } from "../upstreams/mock-response";
import { selectNormalizedDocument, selectVisibleEndpoint, type VisibleEndpointRow } from "./endpoint-detail.queries";
import type { EndpointDetail, EndpointTarget } from "./endpoint-detail.types";
import {
  callbacksOf,
  externalDocsOf,
  markdownHtml,
  mediaOf,
  parameterDetail,
  responsesOf,
} from "./endpoint-detail-parts";
import { serversOf } from "./endpoint-servers";
import { resolveSchemaRef } from "./schema-view";
import { parseStoredJson } from "./stored-json";

export type {
  CallbackDetail,
  EndpointDetail,
  EndpointParameterDetail,
  EndpointTarget,
  LinkDetail,
  MediaDetail,
  NamedExample,
  ResponseDetail,
  ServerDetail,
  ServerVariableDetail,
} from "./endpoint-detail.types";

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
  const kind = row.kind === "webhook" ? "webhook" : "operation";
  // The raw operation holds what the stored row does not: callbacks, named examples' context, external docs.
  const { item, operation } = rawOperation(document, kind, row.path, row.method);
  const parameters = parseStoredJson<NormalizedParameter[]>(row.parameters_json, []);
  const body = parseStoredJson<unknown>(row.request_body_json, null);
  const responses = parseStoredJson<Record<string, unknown>>(row.responses_json, {});
  const requestBody = resolveSchemaRef(document, body).schema;
  const [descriptionHtml, parameterDetails, responseDetails, callbacks, bodyHtml] = await Promise.all([
    markdownHtml(row.description),
    Promise.all(parameters.map((p) => parameterDetail(document, p))),
    responsesOf(document, isPlainRecord(responses) ? responses : {}),
    callbacksOf(document, operation.callbacks),
    markdownHtml(isPlainRecord(requestBody) ? requestBody.description : null),
  ]);
  return {
    id: row.id,
    kind,
    method: row.method,
    path: row.path,
    operationId: row.operation_id,
    summary: row.summary,
    description: row.description,
    descriptionHtml,
    deprecated: operation.deprecated === true,
    tags: parseStoredJson<string[]>(row.tags_json, []),
    parameters: parameterDetails,
    requestBody: isPlainRecord(requestBody)
      ? {
          required: requestBody.required === true,
          description: typeof requestBody.description === "string" ? requestBody.description : null,
          descriptionHtml: bodyHtml,
          media: mediaOf(document, requestBody.content, "request"),
        }
      : null,
    responses: responseDetails,
    callbacks,
    externalDocs: externalDocsOf(operation.externalDocs),
    security: securityNames(parseStoredJson<unknown>(row.security_json, null)),
    servers: kind === "operation" ? serversOf(document, item, operation) : [],
  };
}

/**
 * The path item and operation objects in the stored document (paths or webhooks, path item refs followed); {} when
 * absent.
 */
function rawOperation(
  document: Doc,
  kind: "operation" | "webhook",
  path: string,
  method: string,
): { item: Doc; operation: Doc } {
  const section = document[kind === "operation" ? "paths" : "webhooks"];
  if (!isPlainRecord(section)) return { item: {}, operation: {} };
  const resolved = resolveSchemaRef(document, section[path]).schema;
  const item = isPlainRecord(resolved) ? resolved : {};
  const operation = item[method.toLowerCase()];
  return { item, operation: isPlainRecord(operation) ? operation : {} };
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

export type MockAnswer = MockResponse;

/** The answer mock mode gives for this operation: the gateway's mock mode (core/upstreams/mock-response.ts). */
export async function mockEndpointResponse(db: Db, tenantId: string, target: EndpointTarget): Promise<MockAnswer> {
  const document = await documentOf(db, tenantId, target.versionId);
  return mockResponse(document, target.responses);
}
