import type { Db } from "../../db/connection";
import { privateApiIdsFor } from "../access/private-apis.service";
import type { Viewer } from "../accounts/accounts.types";
import type { EndpointParameter, EndpointSummary, Paged } from "./catalog.types";
import {
  countEndpoints,
  selectEndpointIdByRef,
  selectEndpointIndex,
  selectEndpoints,
  selectEndpointTags,
  selectListableVersionId,
} from "./endpoints.queries";
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

/** One row of the API reference's navigation: what the list shows and filters on. */
export interface EndpointNavItem {
  id: string;
  kind: "operation" | "webhook";
  method: string;
  path: string;
  /** The deep-link name: the operationId when there is one, else the row id. */
  anchor: string;
  /** Cut to NAV_SUMMARY characters: the list shows one line. */
  summary: string | null;
  /** The first tag (the group it is listed under); null when untagged. */
  tag: string | null;
}

const NAV_SUMMARY = 90;
/** Operations a spec may hold (SPEC_LIMITS.maxOperations): the whole index is one bounded answer. */
const NAV_MAX = 5_000;

/**
 * The navigation index of a visible API's current version, in spec order: the first `limit` rows and the total. The
 * page renders the first rows on the server and loads the whole index when there are more (a 1,100-operation spec is
 * ~90 KB of JSON, kept out of the HTML).
 */
export async function listApiEndpointIndex(
  db: Db,
  tenantId: string,
  apiId: string,
  viewer: Viewer | null | undefined,
  limit = NAV_MAX,
): Promise<{ items: EndpointNavItem[]; total: number }> {
  const privateIds = await privateApiIdsFor(db, tenantId, viewer);
  const versionId = await selectListableVersionId(db, tenantId, apiId, undefined, privateIds);
  if (!versionId) return { items: [], total: 0 };
  const capped = Math.max(1, Math.min(limit, NAV_MAX));
  const [rows, total] = await Promise.all([
    selectEndpointIndex(db, tenantId, versionId, capped),
    capped >= NAV_MAX ? Promise.resolve(-1) : countEndpoints(db, tenantId, versionId),
  ]);
  const items = rows.map(
    (r): EndpointNavItem => ({
      id: r.id,
      kind: r.kind === "webhook" ? "webhook" : "operation",
      method: r.method,
      path: r.path,
      anchor: r.operation_id && /^[A-Za-z0-9_.-]{1,64}$/.test(r.operation_id) ? r.operation_id : r.id,
      summary: r.summary
        ? r.summary.length > NAV_SUMMARY
          ? `${r.summary.slice(0, NAV_SUMMARY - 1)}…`
          : r.summary
        : null,
      tag: parseStoredJson<unknown[]>(r.tags_json, []).find((t): t is string => typeof t === "string") ?? null,
    }),
  );
  return { items, total: total < 0 ? items.length : total };
}

/** The endpoint id a deep link (`?op=`: an endpoint id or an operationId) names in the current version, or null. */
export async function findApiEndpoint(
  db: Db,
  tenantId: string,
  apiId: string,
  viewer: Viewer | null | undefined,
  ref: string,
): Promise<string | null> {
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(ref)) return null;
  const privateIds = await privateApiIdsFor(db, tenantId, viewer);
  const versionId = await selectListableVersionId(db, tenantId, apiId, undefined, privateIds);
  return versionId ? selectEndpointIdByRef(db, tenantId, versionId, ref) : null;
}
