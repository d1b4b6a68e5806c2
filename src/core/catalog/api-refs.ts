import type { Db } from "../../db/connection";
import { selectApiAccess } from "../access/access.queries";
import { selectUsersByIds } from "../accounts/accounts.queries";

/** How a page names an API it refers to (a subscription's API): its name, page and gateway paths. */
export interface ApiRef {
  apiName: string;
  /** /{owner}/api/{slug}; null when the API or its owner is gone. */
  apiPath: string | null;
  /** /{owner}/{slug} under the gateway's base URL; null when the API or its owner is gone. */
  gatewayPath: string | null;
}

/**
 * A lookup of ApiRefs that reads each API once however often it is asked (a page lists many subscriptions, often to
 * the same API). Keep one per request: names change.
 */
export function apiRefLookup(db: Db, tenantId: string): (apiId: string) => Promise<ApiRef> {
  const cache = new Map<string, Promise<ApiRef>>();
  return (apiId) => {
    let pending = cache.get(apiId);
    if (!pending) {
      pending = (async () => {
        const api = await selectApiAccess(db, tenantId, apiId);
        if (!api) return { apiName: apiId, apiPath: null, gatewayPath: null };
        const [owner] = await selectUsersByIds(db, tenantId, [api.owner_id]);
        if (!owner) return { apiName: api.name, apiPath: null, gatewayPath: null };
        return {
          apiName: api.name,
          apiPath: `/${owner.username}/api/${api.slug}`,
          gatewayPath: `/${owner.username}/${api.slug}`,
        };
      })();
      cache.set(apiId, pending);
    }
    return pending;
  };
}
