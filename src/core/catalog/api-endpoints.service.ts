import type { Db } from "../../db/connection";
import { privateApiIdsFor } from "../access/private-apis.service";
import type { Viewer } from "../accounts/accounts.types";
import type { EndpointParameter, EndpointSummary, Paged } from "./catalog.types";
import { countEndpoints, selectEndpoints, selectEndpointTags, selectListableVersionId } from "./endpoints.queries";
import { clampPage } from "./paging";
import { parseStoredJson } from "./stored-json";

/**
 * A page of a visible API's endpoints in spec order (current version unless versionId names one of its versions).
 * `query` filters on method, path or summary, case-insensitively. Unknown API, or private and not given to `viewer`:
 * an empty page.
 */
export async function listApiEndpoints(
  db: Db,
  tenantId: string,
  apiId: string,
  opts: { versionId?: string; offset: number; limit: number; query?: string; tag?: string },
  viewer?: Viewer | null,
): Promise<Paged<EndpointSummary>> {
  const p = clampPage(opts);
  const privateIds = await privateApiIdsFor(db, tenantId, viewer);
  const versionId = await selectListableVersionId(db, tenantId, apiId, opts.versionId, privateIds);
  if (!versionId) return { items: [], total: 0, ...p };
  const query = opts.query?.trim() || undefined;
  const tag = opts.tag || undefined;
  const [rows, total] = await Promise.all([
    selectEndpoints(db, tenantId, versionId, { ...p, query, tag }),
    countEndpoints(db, tenantId, versionId, query, tag),
  ]);
  const items = rows.map(
    (r): EndpointSummary => ({
      id: r.id,
      method: r.method,
      path: r.path,
      operationId: r.operation_id,
      summary: r.summary,
      description: r.description,
      tags: parseStoredJson<string[]>(r.tags_json, []),
      parameters: parseStoredJson<EndpointParameter[]>(r.parameters_json, []),
    }),
  );
  return { items, total, ...p };
}

/**
 * The tags of an API's current version with how many endpoints carry each, in order of first use; endpoints without
 * a tag are counted apart. What the Endpoints tab offers to jump to a tag in a spec of 1,000+ operations.
 */
export async function listApiEndpointTags(
  db: Db,
  tenantId: string,
  apiId: string,
  viewer?: Viewer | null,
): Promise<{ tags: Array<{ tag: string; count: number }>; untagged: number }> {
  const privateIds = await privateApiIdsFor(db, tenantId, viewer);
  const versionId = await selectListableVersionId(db, tenantId, apiId, undefined, privateIds);
  if (!versionId) return { tags: [], untagged: 0 };
  const counts = new Map<string, number>();
  let untagged = 0;
  for (const row of await selectEndpointTags(db, tenantId, versionId)) {
    const tags = [
      ...new Set(parseStoredJson<unknown[]>(row.tags_json, []).filter((t): t is string => typeof t === "string")),
    ];
    if (tags.length === 0) untagged++;
    for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return { tags: [...counts].map(([tag, count]) => ({ tag, count })), untagged };
}
