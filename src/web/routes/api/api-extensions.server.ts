import type { AppLoadContext } from "react-router";
import { getApiSpecExtensions } from "../../../core/api-specs/api-spec-extensions.service";
import type { SpecExtension } from "../../../core/specs/spec-extensions";
import { apiPath } from "../../components/api-card";
import { loadApiOr404 } from "../../lib/api-detail.server";

/** The Extensions tab's data: the API, the base of its extension links, and the current spec's `x-*` keys. */
export async function loadApiExtensions(
  context: AppLoadContext,
  params: { username?: string; slug?: string },
): Promise<{ name: string; base: string; version: string | null; hasSpec: boolean; extensions: SpecExtension[] }> {
  const api = await loadApiOr404(context, params);
  const result = await getApiSpecExtensions(context.db, context.tenant.id, context.viewer, api.id);
  return {
    name: api.name,
    base: `${apiPath(api)}/extensions`,
    version: result.version,
    hasSpec: result.versionId !== null,
    extensions: result.extensions,
  };
}

/** Link to one extension's detail: the key goes in one path segment, encoded. */
export function extensionHref(base: string, name: string): string {
  return `${base}/${encodeURIComponent(name)}`;
}
