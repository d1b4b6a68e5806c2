import { resolveEntitySettingsPath } from "../../core/catalog/entity-paths.service";
import { notFound, requireUsername } from "../lib/http-errors";
import { localizedRedirect, signInRedirect } from "../lib/localized-redirect.server";
import type { Route } from "./+types/entity-settings";

/**
 * Spec section 2 "/{entity}/settings": the signed-in user's own settings, or the management screen of an organization
 * they belong to. The layout guard already sends signed-out visitors to sign in; anyone else's settings are a 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const entity = requireUsername(params.entity);
  const viewer = context.viewer && context.viewer.tenantId === context.tenant.id ? context.viewer : null;
  if (!viewer) signInRedirect(request, params.lang);
  const target = await resolveEntitySettingsPath(context.db, context.tenant.id, entity, viewer);
  if (!target) notFound();
  throw localizedRedirect(target, params.lang);
}

export default function EntitySettingsRedirect() {
  return null;
}
