import type { AppLoadContext } from "react-router";
import type { MenuFlags } from "../../core/access/access.policy";
import { getAccessTree } from "../../core/access/access.service";
import type { Viewer } from "../../core/accounts/accounts.types";
import { buildUserContexts } from "../../core/orgs/contexts";
import { getUserSavedApis, listFollowsApi } from "../../core/social/social.service";
import { viewerOf } from "./route-guards.server";
import type { SessionData } from "./session-types";

const SIGNED_OUT_MENU: MenuFlags = {
  createOrganization: false,
  manageOrganizations: false,
  joinOrganization: false,
  myOrgs: false,
  myApis: false,
  admin: false,
  personalContext: false,
};

function publicUser(viewer: Viewer): SessionData["user"] {
  return {
    id: viewer.id,
    username: viewer.username,
    name: viewer.name,
    thumbnail: viewer.thumbnail,
    isAdmin: viewer.isAdmin,
  };
}

/**
 * The session part of the root data, or null when signed out. Spec section 8: an access-control failure is logged
 * ('Unauthorized, failed to init access control') and the app continues with an empty menu.
 */
export async function loadSessionData(context: AppLoadContext): Promise<SessionData | null> {
  const { db, tenant } = context;
  const viewer = viewerOf(context);
  if (!viewer) return null;
  const [menu, contexts, follows, saved] = await Promise.all([
    getAccessTree({ db, tenantId: tenant.id, viewer }).then(
      (tree) => tree.menu,
      (error: unknown) => {
        console.warn("Unauthorized, failed to init access control", error);
        return SIGNED_OUT_MENU;
      },
    ),
    buildUserContexts(db, tenant.id, viewer),
    listFollowsApi({ db, tenantId: tenant.id, viewer }),
    getUserSavedApis({ db, tenantId: tenant.id, viewer }),
  ]);
  return {
    user: publicUser(viewer),
    menu,
    contexts: contexts.all.map((c) => ({
      type: c.type,
      id: c.id,
      entityId: c.entityId,
      name: c.name,
      parentName: c.parentName,
    })),
    followedApiIds: follows.map((f) => f.apiId),
    savedApiIds: saved.map((s) => s.apiId),
  };
}
