import type { DbOrTrx } from "../../db/connection";
import { selectRoles } from "../accounts/accounts.queries";
import { selectOrgsOfUser, selectTeamIdsOfUser } from "../orgs/orgs.queries";
import { selectApiAccess, selectVisiblePrivateApiIds } from "./access.queries";

/**
 * Of `userIds`, those who may see the API now: all of them for a PUBLIC API; for a PRIVATE one its owner, tenant
 * admins and users invited directly, through a team or an organization (the same rule as privateApiIdsFor). News about
 * an API (a new version, a tutorial) goes to followers and subscribers; one whose invitation was revoked must not keep
 * hearing of a private API's name and changes. Costs a few queries per user for private APIs only.
 */
export async function usersWhoSeeApi(
  h: DbOrTrx,
  tenantId: string,
  apiId: string,
  userIds: readonly string[],
): Promise<string[]> {
  const api = await selectApiAccess(h, tenantId, apiId);
  if (!api) return [];
  if (api.visibility === "PUBLIC") return [...userIds];
  const kept: string[] = [];
  for (const userId of userIds) {
    if (userId === api.owner_id || (await selectRoles(h, tenantId, userId)).includes("ADMIN")) {
      kept.push(userId);
      continue;
    }
    const orgs = await selectOrgsOfUser(h, tenantId, userId);
    const visible = await selectVisiblePrivateApiIds(h, tenantId, {
      userId,
      teamIds: await selectTeamIdsOfUser(h, tenantId, userId),
      orgIds: orgs.map((o) => o.id),
    });
    if (visible.includes(apiId)) kept.push(userId);
  }
  return kept;
}
