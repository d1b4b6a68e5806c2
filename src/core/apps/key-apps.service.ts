import type { Db } from "../../db/connection";
import type { Viewer } from "../accounts/accounts.types";
import { buildUserContexts } from "../orgs/contexts";
import { selectSubscription } from "../subscriptions/subscriptions.queries";
import { selectKeysOfApp } from "./apps.queries";
import { listApps, toAppKey } from "./apps.service";

/** An app of the viewer that can call an API now: what try-it needs to pick the browser's stored key (decision 005). */
export interface KeyApp {
  appId: string;
  appName: string;
  /** Organization or team name; null for a personal app. */
  contextName: string | null;
  /** Display prefixes ("pk_" + 6) of the app's keys that still work: active, or within a rotation overlap. */
  usablePrefixes: string[];
}

/**
 * The viewer's apps (personal, then each organization and team they act for) with a "subscribed" subscription to the
 * API, each with the prefixes of its working keys. Only prefixes leave the server: full keys exist in the browser
 * that was shown them, never here.
 */
export async function listKeyAppsForApi(db: Db, tenantId: string, viewer: Viewer, apiId: string): Promise<KeyApp[]> {
  if (viewer.tenantId !== tenantId) return [];
  const contexts = await buildUserContexts(db, tenantId, viewer);
  const out: KeyApp[] = [];
  const now = Date.now();
  for (const entry of contexts.all) {
    const appContext =
      entry.type === "Organization"
        ? { organizationId: entry.id }
        : entry.type === "Team"
          ? { organizationId: entry.organization ?? "", teamId: entry.id }
          : {};
    for (const app of await listApps(db, tenantId, viewer.id, appContext)) {
      const subscription = await selectSubscription(db, tenantId, app.id, apiId);
      if (subscription?.status !== "subscribed") continue;
      const keys = (await selectKeysOfApp(db, tenantId, app.id)).map((k) => toAppKey(k, now));
      out.push({
        appId: app.id,
        appName: app.name,
        contextName: entry.type === "User" ? null : entry.name,
        usablePrefixes: keys.filter((k) => k.status === "ACTIVE" || k.status === "EXPIRING").map((k) => k.prefix),
      });
    }
  }
  return out;
}
