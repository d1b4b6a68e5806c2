import { requireViewer } from "../accounts/accounts.policy";
import type { UseCaseContext } from "../use-case-context";
import { selectKeysOfApps } from "./apps.queries";
import { toAppKey } from "./apps.service";
import { appsInContextsFor } from "./context-apps.service";

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
export async function listKeyAppsForApi(ctx: UseCaseContext, apiId: string): Promise<KeyApp[]> {
  const { db, tenantId } = ctx;
  const viewer = requireViewer(ctx.viewer, ctx.tenantId);
  if (viewer.tenantId !== tenantId) return [];
  const subscribed = (await appsInContextsFor(ctx, apiId)).apps.filter((a) => a.subscription?.status === "subscribed");
  const now = Date.now();
  const keys = (
    await selectKeysOfApps(
      db,
      tenantId,
      subscribed.map((a) => a.app.id),
    )
  ).map((k) => toAppKey(k, now));
  return subscribed.map(({ entry, app }) => ({
    appId: app.id,
    appName: app.name,
    contextName: entry.type === "User" ? null : entry.name,
    usablePrefixes: keys
      .filter((k) => k.appId === app.id && (k.status === "ACTIVE" || k.status === "EXPIRING"))
      .map((k) => k.prefix),
  }));
}
