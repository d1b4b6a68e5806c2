import type { Db } from "../../db/connection";
import type { SearchBackend } from "./search-backend";
import {
  type ApiIndexRow,
  analyzeSearchTables,
  claimDirtyApiIds,
  clearTenantIndex,
  type EndpointIndexRow,
  hasDirtyApis,
  type NewSearchDocument,
  type NewSearchEndpoint,
  replaceDocuments,
  selectAllApiIds,
  selectApisForIndex,
  selectDirtyApiIds,
  selectEndpointsForIndex,
  withSearchTransaction,
} from "./search-index.queries";
import { documentTokens, isVocabularyWord, scopeToken } from "./search-tokens";

/** APIs rebuilt per transaction while draining the queue or rebuilding a tenant. */
const BATCH = 500;
/** Distinct endpoint words kept in an API's document (a 1,000-operation spec must not make a megabyte tsvector). */
const MAX_ENDPOINT_WORDS = 3_000;
/** Endpoint documents kept per API for the Resources tab. */
const MAX_ENDPOINT_DOCS = 2_000;

function padded(tokens: Iterable<string>): string {
  const text = [...new Set(tokens)].join(" ");
  return text === "" ? " " : ` ${text} `;
}

function parseStringArray(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** Lowercase, accent-free name for the NAME sort (same bytes on both engines, compared in byte order). */
export function nameSortKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .trim()
    .slice(0, 100);
}

function endpointTokens(e: EndpointIndexRow): string[] {
  return [
    ...documentTokens(e.method),
    ...documentTokens(e.path),
    ...documentTokens(e.summary),
    ...documentTokens(e.operation_id),
  ];
}

export interface BuiltDocuments {
  docs: NewSearchDocument[];
  endpoints: NewSearchEndpoint[];
  vocabulary: string[];
}

/** Turns catalog rows into index documents: the tokenization is here, in TypeScript, for both engines. */
export function buildDocuments(tenantId: string, apis: readonly ApiIndexRow[], endpoints: readonly EndpointIndexRow[]) {
  const byApi = new Map<string, EndpointIndexRow[]>();
  for (const e of endpoints) {
    const list = byApi.get(e.api_id) ?? [];
    list.push(e);
    byApi.set(e.api_id, list);
  }
  const out: BuiltDocuments = { docs: [], endpoints: [], vocabulary: [] };
  const vocabulary = new Set<string>();
  const remember = (tokens: Iterable<string>) => {
    for (const t of tokens) if (isVocabularyWord(t)) vocabulary.add(t);
  };
  for (const api of apis) {
    const head = new Set([
      ...documentTokens(api.name),
      ...documentTokens(api.provider_name),
      ...documentTokens(api.owner_name),
    ]);
    const body = new Set([
      ...documentTokens(api.short_description),
      ...documentTokens(api.category_name),
      ...parseStringArray(api.features_json).flatMap((f) => documentTokens(f)),
    ]);
    const own = (byApi.get(api.id) ?? []).filter((e) => e.version_id === api.current_version_id);
    const endpointWords = new Set<string>();
    const popularityMilli = Math.round(Number(api.popularity) * 1000);
    for (const [i, e] of own.entries()) {
      const tokens = endpointTokens(e);
      for (const t of tokens) if (endpointWords.size < MAX_ENDPOINT_WORDS) endpointWords.add(t);
      if (i < MAX_ENDPOINT_DOCS) {
        out.endpoints.push({
          tenant_id: tenantId,
          api_id: api.id,
          endpoint_id: e.id,
          visibility: api.visibility,
          head_text: padded(tokens),
          body_text: padded(head),
          method: e.method,
          path: e.path,
          summary: e.summary,
          position: e.position,
          popularity_milli: popularityMilli,
        });
      }
    }
    remember(head);
    remember(body);
    remember(endpointWords);
    out.docs.push({
      tenant_id: tenantId,
      api_id: api.id,
      visibility: api.visibility,
      head_text: padded(head),
      body_text: padded(body),
      endpoint_text: padded(endpointWords),
      scope_text: padded([scopeToken(tenantId, api.visibility === "PUBLIC")]),
      name_sort: nameSortKey(api.name),
      category_id: api.category_id,
      pricing_type: api.pricing_type,
      auth_type: api.auth_type,
      popularity_milli: popularityMilli,
      rating_milli: Math.round(Number(api.rating_avg) * 1000),
      latency_ms: api.latency_ms,
      updated_at: Number(api.updated_at),
    });
  }
  out.vocabulary = [...vocabulary];
  return out;
}

async function rebuild(tx: Db, tenantId: string, apiIds: readonly string[], backend: SearchBackend): Promise<void> {
  const apis = await selectApisForIndex(tx, tenantId, apiIds);
  const versionIds = apis.map((a) => a.current_version_id).filter((v): v is string => v !== null);
  const endpoints = await selectEndpointsForIndex(tx, tenantId, versionIds);
  const built = buildDocuments(tenantId, apis, endpoints);
  await replaceDocuments(tx, tenantId, apiIds, built, (docs) => backend.assignDocumentIds(tx, tenantId, docs));
}

/**
 * Rebuilds the documents of every API the catalog triggers queued for this tenant. The search service calls it
 * before answering, so writers need not; calling it right after a bulk write (seed, import) just moves the cost.
 * Returns the number of APIs rebuilt.
 */
export async function syncSearchIndex(db: Db, tenantId: string, backend: SearchBackend): Promise<number> {
  if (!(await hasDirtyApis(db, tenantId))) return 0;
  let done = 0;
  for (;;) {
    const ids = await selectDirtyApiIds(db, tenantId, BATCH);
    if (ids.length === 0) return done;
    done += await withSearchTransaction(db, async (tx) => {
      const claimed = await claimDirtyApiIds(tx, tenantId, ids);
      await rebuild(tx, tenantId, claimed, backend);
      return claimed.length;
    });
  }
}

/** Rebuilds one API's documents now (also removes them when the API is gone). */
export async function reindexApi(db: Db, tenantId: string, apiId: string, backend: SearchBackend): Promise<void> {
  await withSearchTransaction(db, async (tx) => {
    await claimDirtyApiIds(tx, tenantId, [apiId]);
    await rebuild(tx, tenantId, [apiId], backend);
  });
}

/** Drops and rebuilds the tenant's whole index and vocabulary in one transaction (after bulk loads, or to repair). */
export async function rebuildSearchIndex(db: Db, tenantId: string, backend: SearchBackend): Promise<number> {
  const count = await withSearchTransaction(db, async (tx) => {
    await clearTenantIndex(tx, tenantId);
    const ids = await selectAllApiIds(tx, tenantId);
    for (let i = 0; i < ids.length; i += BATCH) await rebuild(tx, tenantId, ids.slice(i, i + BATCH), backend);
    return ids.length;
  });
  await analyzeSearchTables(db);
  return count;
}
