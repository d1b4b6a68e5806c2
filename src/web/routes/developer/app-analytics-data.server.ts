import type { AppLoadContext } from "react-router";
import type { Viewer } from "../../../core/accounts/accounts.types";
import { getApp } from "../../../core/apps/apps.service";
import { apiRefLookup } from "../../../core/catalog/api-refs";
import { listSubscriptionsOfApp } from "../../../core/subscriptions/subscriptions.service";
import { requireViewer } from "../../lib/route-guards.server";

/** The signed-in viewer of this tenant, or a redirect to sign in. */
export function consumerViewer(context: AppLoadContext, request: Request, lang: string | undefined): Viewer {
  return requireViewer(context, request, lang);
}

/** The app (the viewer's: another's is NOT_FOUND) and the APIs it subscribes to, for the API picker. */
export async function appWithApis(context: AppLoadContext, viewer: Viewer, appId: string) {
  const { db, tenant } = context;
  const app = await getApp({ db, tenantId: tenant.id, viewer }, appId);
  const subscriptions = await listSubscriptionsOfApp({ db, tenantId: tenant.id, viewer }, appId);
  const lookup = apiRefLookup(db, tenant.id);
  const ids = [...new Set(subscriptions.map((s) => s.apiId))];
  const apis = await Promise.all(ids.map(async (id) => ({ id, name: (await lookup(id)).apiName })));
  return { app: { id: app.id, name: app.name }, apis };
}
