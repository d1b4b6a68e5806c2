import { newId } from "../../common/ids";
import type { Db } from "../../db/connection";
import { canEditApi, requireVisibleApi } from "../access/private-apis.service";
import { requireViewer } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import { AppError } from "../errors/app-error";
import { announceGatewayChange } from "../plans/gateway-changes";
import { fetchSpecSource } from "../specs/fetch-spec-files";
import type { NormalizedSpec } from "../specs/normalize-spec";
import { inProcessSpecProcessor, normalizeSpecSource } from "../specs/prepare-spec";
import { ZIP_LIMITS } from "../specs/read-zip-archive";
import { formatBytes, SPEC_LIMITS, specError } from "../specs/spec-errors";
import type { SpecJobSource } from "../specs/spec-job.types";
import type { UseCaseContext } from "../use-case-context";
import {
  insertVersionWithEndpoints,
  selectApiForImport,
  selectEndpointsForDiff,
  selectVersionDocument,
  selectVersions,
} from "./api-specs.queries";
import type { ApiVersionSummary, ImportOptions, ImportResult, SpecDocument, SpecSource } from "./api-specs.types";
import { endpointRows } from "./endpoint-rows";
import type { ImportStageReporter } from "./import-progress";
import { onSpecVersionPublished, type SpecVersionPublished } from "./spec-change-notifications";
import { changeCountOf } from "./spec-changelog.service";
import { insertVersionChange } from "./spec-changes.queries";

export const IMPORT_FORBIDDEN = "Only the API's owner can import its spec";

/**
 * Imports a spec as a NEW version of an API: validates and normalizes it (JSON/YAML, Swagger 2.0 converted, OpenAPI
 * 3.0/3.1, multi-file uploads bundled), then stores the original and normalized documents and the endpoints in one
 * transaction and makes it the current version. Returns what changed against the previous version. Any refusal is
 * an AppError (BAD_REQUEST naming what and where) and stores nothing. Only who canEditApi may import.
 */
export async function importApiSpec(
  ctx: UseCaseContext,
  apiId: string,
  source: SpecSource,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const { db, tenantId, viewer } = ctx;
  const report: ImportStageReporter = options.onStage ?? (() => {});
  try {
    return await importVersion(db, tenantId, viewer, apiId, source, options, report);
  } catch (error) {
    report("failed");
    throw error;
  }
}

async function importVersion(
  db: Db,
  tenantId: string,
  viewer: Viewer | null,
  apiId: string,
  source: SpecSource,
  options: ImportOptions,
  report: ImportStageReporter,
): Promise<ImportResult> {
  const v = requireViewer(viewer, tenantId);
  const api = await requireEditable(db, tenantId, v, apiId);
  const jobSource = await jobSourceOf(source, options, report);

  const previous = api.current_version_id;
  const before = previous ? await selectEndpointsForDiff(db, tenantId, previous) : [];
  const previousDocument = previous
    ? ((await selectVersionDocument(db, tenantId, apiId, previous, "normalized"))?.doc ?? null)
    : null;
  // Parsing, checks, conversion, serialization and the diff: off the event loop when a worker pool is given.
  const spec = await (options.processor ?? inProcessSpecProcessor).prepare(
    { source: jobSource, previous: before, previousDocument },
    report,
  );
  const original = spec.original ?? (jobSource.kind === "text" ? jobSource.text : "");
  report("saving", spec.endpoints.length);

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
    normalized_doc: spec.normalizedDoc,
    endpoints_count: endpoints.length,
    created_at: now,
  };
  const previousLabel = previous
    ? (await selectVersions(db, tenantId, apiId)).find((v) => v.id === previous)
    : undefined;
  await db.kysely.transaction().execute(async (trx) => {
    await insertVersionWithEndpoints(trx, tenantId, version, endpoints, now);
    // The change feed (decision 081): the diff is stored with the version, in its transaction; notified_at null is
    // the outbox mark of the followers' and subscribers' notifications.
    if (previous) {
      await insertVersionChange(trx, {
        version_id: versionId,
        tenant_id: tenantId,
        api_id: apiId,
        previous_version_id: previous,
        version: version.version,
        previous_version: previousLabel?.version ?? null,
        diff_json: JSON.stringify(spec.diff),
        breaking_count: spec.diff.breakingCount,
        change_count: changeCountOf(spec.diff),
        created_at: now,
        notified_at: null,
      });
    }
  });
  // The gateway matches calls against the current version's endpoints.
  announceGatewayChange({ kind: "api", apiId });
  if (previous) {
    // The fan-out runs after the answer (10,000 followers take about a second; decision 081): the import's request
    // does not wait for it unless asked to (tests), and the sweep finishes it should this process stop first.
    const publishing = publishQuietly(db, { tenantId, apiId, versionId }, now);
    if (options.awaitNotifications) await publishing;
  }
  report("done", endpoints.length);
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
    diff: spec.diff,
  };
}

/**
 * Notifies followers and subscribers of the new version. The version is stored whatever happens here: a failure leaves
 * the change un-notified, and the worker's sweep (sweepSpecChangeNotifications) finishes it.
 */
async function publishQuietly(db: Db, event: SpecVersionPublished, now: number): Promise<void> {
  try {
    await onSpecVersionPublished(db, event, now);
  } catch {
    // Left for the sweep: notified_at stays null.
  }
}

/** Validates a spec without storing it (the same checks as an import), in this thread. */
export async function readSource(
  source: SpecSource,
  options: ImportOptions = {},
): Promise<{ original: string; spec: NormalizedSpec }> {
  return normalizeSpecSource(await jobSourceOf(source, options, () => {}));
}

/**
 * The spec job of a source: a URL is downloaded (its body cut at the size limit as it streams in), and every input
 * is held to its size limit here, before anything is parsed or a worker thread is started.
 */
async function jobSourceOf(
  source: SpecSource,
  options: ImportOptions,
  report: ImportStageReporter,
): Promise<SpecJobSource> {
  const maxBytes = SPEC_LIMITS.defaultMaxBytes;
  if ("text" in source) {
    if (typeof source.text !== "string") throw new AppError("BAD_REQUEST", "The spec text is missing");
    // UTF-8 needs at least one byte per UTF-16 code unit: a long string is over for sure, before it is measured.
    if (source.text.length > maxBytes || Buffer.byteLength(source.text, "utf8") > maxBytes) throw tooLarge(maxBytes);
    return { kind: "text", text: source.text };
  }
  if ("url" in source) {
    report("fetching");
    const url = source.url.trim();
    // Relative `$ref`s bring their sibling files along, fetched under the same rules (fetch-spec-files.ts).
    return fetchSpecSource(url, {
      allowPrivate: options.allowPrivateUrls ?? false,
      timeoutMs: options.fetchTimeoutMs,
      maxBytes,
    });
  }
  if ("upload" in source) {
    const { name, bytes } = source.upload;
    if (bytes.length > maxBytes) throw tooLarge(maxBytes);
    return { kind: "bytes", bytes, notText: { message: `${name} is not UTF-8 text`, where: name } };
  }
  if ("archive" in source) {
    if (source.archive.length > ZIP_LIMITS.maxArchiveBytes) {
      throw specError(`The archive is larger than ${formatBytes(ZIP_LIMITS.maxArchiveBytes)}`, "");
    }
    return { kind: "archive", archive: source.archive, entry: source.entry ?? null };
  }
  return { kind: "files", files: source.files, entry: source.entry ?? null };
}

function tooLarge(maxBytes: number) {
  return specError(`Spec is larger than ${formatBytes(maxBytes)}`, "");
}

async function requireEditable(db: Db, tenantId: string, viewer: Viewer, apiId: string) {
  // A private API the viewer may not see answers "not found", like a missing one.
  await requireVisibleApi({ db, tenantId, viewer }, apiId);
  const api = await selectApiForImport(db, tenantId, apiId);
  if (!api) throw new AppError("NOT_FOUND", "API not found");
  if (!(await canEditApi({ db, tenantId, viewer }, apiId))) throw new AppError("FORBIDDEN", IMPORT_FORBIDDEN);
  return api;
}

/** Every version of an API the viewer may see, newest first. */
export async function listApiVersions(ctx: UseCaseContext, apiId: string): Promise<ApiVersionSummary[]> {
  const { db, tenantId } = ctx;
  await requireVisibleApi(ctx, apiId);
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
  ctx: UseCaseContext,
  apiId: string,
  versionId: string,
  kind: "original" | "normalized",
): Promise<SpecDocument> {
  const { db, tenantId } = ctx;
  await requireVisibleApi(ctx, apiId);
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
