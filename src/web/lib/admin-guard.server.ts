import { data } from "react-router";
import type { Viewer } from "../../core/accounts/accounts.types";
import type { RequestContext } from "../../server/request-context";
import { signInRedirect } from "./localized-redirect.server";

/**
 * The viewer allowed on /admin. The layout guard already redirects signed-out visitors and answers 403 without
 * ADMIN_PANEL_ACCESS; this loader checks again on its own (loaders run in parallel) and core checks a third time.
 */
export function requireAdmin(context: RequestContext, request: Request, lang: string | undefined): Viewer {
  const { viewer, tenant } = context;
  if (!viewer || viewer.tenantId !== tenant.id) signInRedirect(request, lang);
  if (!viewer.isAdmin) throw data({ reason: "forbidden" }, { status: 403 });
  return viewer;
}
