import type { SubscriptionRow } from "../../db/tables/gateway.tables";
import { requireViewer } from "../accounts/accounts.policy";
import { buildUserContexts, type ContextEntry } from "../orgs/contexts";
import { selectSubscriptionsOfAppsToApi } from "../subscriptions/subscriptions.queries";
import type { UseCaseContext } from "../use-case-context";
import { listApps } from "./apps.service";
import type { App, AppContext } from "./apps.types";

/** Maps a context entry to the apps' owner: personal, an organization, or a team of one. */
export function appContextOf(entry: Pick<ContextEntry, "type" | "id" | "organization">): AppContext {
  if (entry.type === "Organization") return { organizationId: entry.id };
  if (entry.type === "Team") return { organizationId: entry.organization, teamId: entry.id };
  return {};
}

/** An app of the viewer with the context it belongs to and its subscription row to one API, if any. */
export interface ContextApp {
  entry: ContextEntry;
  app: App;
  subscription: SubscriptionRow | null;
}

/**
 * The viewer's contexts (personal, then each organization followed by the teams they act for) and every app of each,
 * with the app's subscription to the API: one query for all the subscriptions, not one per app.
 */
export async function appsInContextsFor(
  ctx: UseCaseContext,
  apiId: string,
): Promise<{ contexts: ContextEntry[]; apps: ContextApp[] }> {
  const { db, tenantId } = ctx;
  const viewer = requireViewer(ctx.viewer, ctx.tenantId);
  const contexts = (await buildUserContexts(db, tenantId, viewer)).all;
  const perContext = await Promise.all(
    contexts.map(async (entry) =>
      (await listApps({ db, tenantId, viewer }, appContextOf(entry))).map((app) => ({ entry, app })),
    ),
  );
  const owned = perContext.flat();
  const rows = await selectSubscriptionsOfAppsToApi(
    db,
    tenantId,
    owned.map((o) => o.app.id),
    apiId,
  );
  const byApp = new Map(rows.map((r) => [r.app_id, r]));
  return { contexts, apps: owned.map((o) => ({ ...o, subscription: byApp.get(o.app.id) ?? null })) };
}
