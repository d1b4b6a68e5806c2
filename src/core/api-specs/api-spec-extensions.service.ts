import { requireVisibleApi } from "../access/private-apis.service";
import { AppError } from "../errors/app-error";
import { isPlainRecord } from "../specs/json-pointer";
import { collectSpecExtensions, type SpecExtension } from "../specs/spec-extensions";
import type { UseCaseContext } from "../use-case-context";
import { selectApiForImport, selectVersionDocument } from "./api-specs.queries";

export type { ExtensionLevel, SpecExtension, SpecExtensionUse } from "../specs/spec-extensions";

export interface ApiSpecExtensions {
  /** The version read (the current one unless asked otherwise); null when the API has no spec yet. */
  versionId: string | null;
  version: string | null;
  extensions: SpecExtension[];
}

// Versions never change once stored, so their extension lists can be kept; a few recent ones spare re-parsing a
// multi-megabyte document on every visit of the Extensions tab and its detail pages.
const CACHE_SIZE = 16;
const cache = new Map<string, SpecExtension[]>();

/**
 * The vendor extensions (`x-*` keys) of an API's stored, normalized spec at document, path and operation level.
 * NOT_FOUND when the API is not visible to the viewer or the asked version is not one of its versions.
 */
export async function getApiSpecExtensions(
  ctx: UseCaseContext,
  apiId: string,
  versionId?: string | null,
): Promise<ApiSpecExtensions> {
  const { db, tenantId } = ctx;
  await requireVisibleApi(ctx, apiId);
  const wanted = versionId ?? (await selectApiForImport(db, tenantId, apiId))?.current_version_id ?? null;
  if (wanted === null) return { versionId: null, version: null, extensions: [] };
  const row = await selectVersionDocument(db, tenantId, apiId, wanted, "normalized");
  if (!row) throw new AppError("NOT_FOUND", "Spec version not found");
  const key = `${tenantId}\u0000${row.id}`;
  let extensions = cache.get(key);
  if (extensions) {
    cache.delete(key);
  } else {
    const document = JSON.parse(row.doc) as unknown;
    extensions = isPlainRecord(document) ? collectSpecExtensions(document) : [];
    if (cache.size >= CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  }
  cache.set(key, extensions);
  return { versionId: row.id, version: row.version, extensions };
}

/** One extension by name, or null when the spec has no such key. */
export async function getApiSpecExtension(
  ctx: UseCaseContext,
  apiId: string,
  name: string,
  versionId?: string | null,
): Promise<{ versionId: string | null; version: string | null; extension: SpecExtension | null }> {
  const all = await getApiSpecExtensions(ctx, apiId, versionId);
  return {
    versionId: all.versionId,
    version: all.version,
    extension: all.extensions.find((e) => e.name === name) ?? null,
  };
}
