import type { Db } from "../../db/connection";
import { selectUserByUsername } from "../accounts/accounts.queries";
import type { Viewer } from "../accounts/accounts.types";
import { selectOrgBySlug } from "../orgs/orgs.queries";
import { getApiDetail } from "./catalog.service";

/*
 * Spec section 2: "/{entity}/{name}" is a catch-all for a profile or an organization page (both segments optional),
 * and "/{entity}/settings" is that entity's settings. Portico keeps one canonical address per screen, so these short
 * addresses resolve to it (the loader redirects); null means "nothing here" and the route answers 404.
 */

/**
 * /{entity}: a user's profile or an organization's homepage. /{entity}/{name}: an API of that user (the short form of
 * /{entity}/api/{name}); only an API the viewer may see resolves, so private APIs do not leak through the short form.
 */
export async function resolveEntityPath(
  db: Db,
  tenantId: string,
  entity: string,
  name: string | null,
  viewer: Viewer | null,
): Promise<string | null> {
  const user = await selectUserByUsername(db, tenantId, entity);
  if (user) {
    if (name === null) return `/user/${user.username}`;
    const api = await getApiDetail(db, tenantId, user.username, name, viewer);
    return api ? `/${user.username}/api/${api.slug}` : null;
  }
  if (name !== null) return null;
  const org = await selectOrgBySlug(db, tenantId, entity);
  return org ? `/orghomepage/${org.slug}` : null;
}
