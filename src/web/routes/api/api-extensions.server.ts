import type { AppLoadContext } from "react-router";
import { getApiSpecExtensions } from "../../../core/api-specs/api-spec-extensions.service";
import { listApiVersions } from "../../../core/api-specs/api-specs.service";
import type { SpecExtension } from "../../../core/specs/spec-extensions";
import { apiPath } from "../../components/api-card";
import { loadApiOr404 } from "../../lib/api-detail.server";
import { notFound } from "../../lib/http-errors";
import { orNotFound } from "../../lib/route-errors.server";

const VERSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface ApiExtensionsData {
  name: string;
  base: string;
  /** The version read, and whether it was asked for (?version=) rather than the current one. */
  versionId: string | null;
  version: string | null;
  pinned: boolean;
  versions: Array<{ id: string; version: string; createdAt: number; isCurrent: boolean }>;
  hasSpec: boolean;
  extensions: SpecExtension[];
}

/**
 * The Extensions tab's data: the API, the base of its extension links, the `x-*` keys of the current spec version or
 * of the one in ?version= (404 when that is not one of the API's versions), and the versions for the picker.
 */
export async function loadApiExtensions(
  context: AppLoadContext,
  params: { username?: string; slug?: string },
  request: Request,
): Promise<ApiExtensionsData> {
  const api = await loadApiOr404(context, params);
  const asked = new URL(request.url).searchParams.get("version");
  if (asked !== null && !VERSION_ID.test(asked)) notFound();
  const [result, versions] = await Promise.all([
    orNotFound(
      getApiSpecExtensions({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id, asked),
    ),
    listApiVersions({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id),
  ]);
  return {
    name: api.name,
    base: `${apiPath(api)}/extensions`,
    versionId: result.versionId,
    version: result.version,
    pinned: asked !== null,
    versions: versions.map((v) => ({ id: v.id, version: v.version, createdAt: v.createdAt, isCurrent: v.isCurrent })),
    hasSpec: result.versionId !== null,
    extensions: result.extensions,
  };
}

/** Link to one extension's detail: the key goes in one path segment, encoded; a picked version goes along. */
export function extensionHref(base: string, name: string, versionId: string | null = null): string {
  return `${base}/${encodeURIComponent(name)}${versionId ? `?version=${encodeURIComponent(versionId)}` : ""}`;
}
