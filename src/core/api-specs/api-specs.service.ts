import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { canEditApi, requireVisibleApi } from "../access/private-apis.service";
import { requireViewer } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import { AppError } from "../errors/app-error";
import { announceGatewayChange } from "../plans/gateway-changes";
import { bundleSpecFiles } from "../specs/bundle-spec-files";
import { type ComparableOperation, diffEndpoints } from "../specs/diff-endpoints";
import { fetchSpecUrl } from "../specs/fetch-spec-url";
import { type NormalizedSpec, normalizeParsedSpec, normalizeSpec } from "../specs/normalize-spec";
import { readZipArchive } from "../specs/read-zip-archive";
import {
  insertVersionWithEndpoints,
  selectApiForImport,
  selectEndpointsForDiff,
  selectVersionDocument,
  selectVersions,
} from "./api-specs.queries";
import type { ApiVersionSummary, ImportOptions, ImportResult, SpecDocument, SpecSource } from "./api-specs.types";
import { endpointRows } from "./endpoint-rows";

export const IMPORT_FORBIDDEN = "Only the API's owner can import its spec";

/**
 * Imports a spec as a NEW version of an API: validates and normalizes it (JSON/YAML, Swagger 2.0 converted, OpenAPI
 * 3.0/3.1, multi-file uploads bundled), then stores the original and normalized documents and the endpoints in one
 * transaction and makes it the current version. Returns what changed against the previous version. Any refusal is
 * an AppError (BAD_REQUEST naming what and where) and stores nothing. Only who canEditApi may import.
 */
export async function importApiSpec(
  db: Db,
  tenantId: string,
  viewer: Viewer | null,
  apiId: string,
  source: SpecSource,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const v = requireViewer(viewer, tenantId);
  const api = await requireEditable(db, tenantId, v, apiId);
  const { original, spec } = await readSource(source, options);

  const previous = api.current_version_id;
  const before = previous ? (await selectEndpointsForDiff(db, tenantId, previous)).map(storedOperation) : [];
  const diff = diffEndpoints(before, spec.endpoints);

  const versionId = newId("ver");
  // Versions are listed by creation time: never give two imports of the same API the same millisecond.
  const latest = (await selectVersions(db, tenantId, apiId))[0];
  const now = Math.max(Date.now(), latest ? Number(latest.created_at) + 1 : 0);
  const endpoints = endpointRows({ tenantId, apiId, versionId }, spec.endpoints);
  const version = {
    id: versionId,
    tenant_id: tenantId,
    api_id: apiId,
    version: spec.version.slice(0, 100),
    source_format: spec.sourceFormat,
    original_doc: original,
    normalized_doc: JSON.stringify(spec.document),
    endpoints_count: endpoints.length,
    created_at: now,
  };
  await db.kysely.transaction().execute((trx) => insertVersionWithEndpoints(trx, tenantId, version, endpoints, now));
  // The gateway matches calls against the current version's endpoints.
  announceGatewayChange({ kind: "api", apiId });
  return {
    version: {
      id: versionId,
      version: version.version,
      sourceFormat: version.source_format,
      endpointsCount: endpoints.length,
      createdAt: now,
      isCurrent: true,
    },
    previousVersionId: previous,
    diff,
  };
}

/** Validates a spec without storing it (the same checks as an import). */
export async function readSource(
  source: SpecSource,
  options: ImportOptions = {},
): Promise<{ original: string; spec: NormalizedSpec }> {
  if ("text" in source) {
    if (typeof source.text !== "string") throw new AppError("BAD_REQUEST", "The spec text is missing");
    return { original: source.text, spec: await normalizeSpec(source.text) };
  }
  if ("url" in source) {
    const text = await fetchSpecUrl(source.url.trim(), {
      allowPrivate: options.allowPrivateUrls ?? false,
      timeoutMs: options.fetchTimeoutMs,
    });
    return { original: text, spec: await normalizeSpec(text) };
  }
  const files = "archive" in source ? readZipArchive(source.archive) : source.files;
  const names = Object.keys(files);
  const onlyText = names.length === 1 && names[0] !== undefined ? files[names[0]] : undefined;
  if (onlyText !== undefined) {
    // One file: refs to files that are not there are refused by name; its text is kept byte for byte.
    bundleSpecFiles(files, source.entry);
    return { original: onlyText, spec: await normalizeSpec(onlyText) };
  }
  const bundle = bundleSpecFiles(files, source.entry);
  // The original of a multi-file upload is the bundle before conversion: one downloadable document.
  const original = JSON.stringify(bundle.document, null, 2);
  return { original, spec: await normalizeParsedSpec(bundle.document, original) };
}

async function requireEditable(db: Db, tenantId: string, viewer: Viewer, apiId: string) {
  // A private API the viewer may not see answers "not found", like a missing one.
  await requireVisibleApi(db, tenantId, viewer, apiId);
  const api = await selectApiForImport(db, tenantId, apiId);
  if (!api) throw new AppError("NOT_FOUND", "API not found");
  if (!(await canEditApi(db, tenantId, viewer, apiId))) throw new AppError("FORBIDDEN", IMPORT_FORBIDDEN);
  return api;
}

function storedOperation(row: {
  method: string;
  path: string;
  summary: string | null;
  parameters_json: string;
  request_body_json: string | null;
  responses_json: string;
}): ComparableOperation {
  return {
    method: row.method,
    path: row.path,
    summary: row.summary,
    parameters: JSON.parse(row.parameters_json) as unknown,
    requestBody: row.request_body_json === null ? null : (JSON.parse(row.request_body_json) as unknown),
    responses: JSON.parse(row.responses_json) as unknown,
  };
}

/** Every version of an API the viewer may see, newest first. */
export async function listApiVersions(
  db: Db,
  tenantId: string,
  viewer: Viewer | null,
  apiId: string,
): Promise<ApiVersionSummary[]> {
  await requireVisibleApi(db, tenantId, viewer, apiId);
  const api = await selectApiForImport(db, tenantId, apiId);
  const rows = await selectVersions(db, tenantId, apiId);
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    sourceFormat: row.source_format,
    endpointsCount: Number(row.endpoints_count),
    createdAt: Number(row.created_at),
    isCurrent: row.id === api?.current_version_id,
  }));
}

/** The original or normalized document of one version, for download; NOT_FOUND when not visible or missing. */
export async function getApiSpecDocument(
  db: Db,
  tenantId: string,
  viewer: Viewer | null,
  apiId: string,
  versionId: string,
  kind: "original" | "normalized",
): Promise<SpecDocument> {
  await requireVisibleApi(db, tenantId, viewer, apiId);
  const row = await selectVersionDocument(db, tenantId, apiId, versionId, kind);
  if (!row) throw new AppError("NOT_FOUND", "Spec version not found");
  const trimmed = row.doc.trimStart();
  return {
    versionId: row.id,
    version: row.version,
    sourceFormat: row.source_format,
    kind,
    format: trimmed.startsWith("{") || trimmed.startsWith("[") ? "json" : "yaml",
    text: row.doc,
  };
}
