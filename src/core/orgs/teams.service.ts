import { newId } from "../../common/ids";
import { sanitizeSlug } from "../../common/slug";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { requireViewer } from "../accounts/accounts.policy";
import { selectUsersByUsernames } from "../accounts/accounts.queries";
import type { Viewer } from "../accounts/accounts.types";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import { notifyTeamDevelopersAdded } from "../notifications/event-notifications";
import type { UseCaseContext } from "../use-case-context";
import { assertCanManageOrganization, canBeTeamDeveloper, TEAM_NOT_FOUND } from "./orgs.policy";
import {
  deleteTeamDevelopers,
  deleteTeam as deleteTeamRow,
  insertTeam,
  insertTeamDevelopers,
  lockOrganization,
  selectRole,
  selectTeamById,
  selectTeamBySlug,
  selectTeamDevelopers,
} from "./orgs.queries";
import { teamNameSchema, usernamesSchema } from "./orgs.schemas";
import { loadOrg, type TeamDetail } from "./orgs.service";

/* Teams inside an organization (spec section 3): create, delete, add and remove developers. */

export const ADD_DEVELOPERS_FAILED = "Error adding developers. Please try again later.";
export const REMOVE_DEVELOPERS_FAILED = "Error removing developers. Please try again later.";

/** Admins create a team in their organization. */
export async function createTeam(ctx: UseCaseContext, orgId: string, nameInput: unknown): Promise<TeamDetail> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { role } = await loadOrg({ db, tenantId, viewer: v }, orgId);
  assertCanManageOrganization(v, tenantId, role);
  const name = parseInput(teamNameSchema, nameInput);
  const slug = sanitizeSlug(name);
  if (!slug) {
    throw new AppError("BAD_REQUEST", "The team name needs a letter or digit", {
      fields: { name: "The team name needs a letter or digit" },
    });
  }
  if (await selectTeamBySlug(db, tenantId, orgId, slug)) {
    throw new AppError("CONFLICT", "A team with this name already exists", {
      fields: { name: "A team with this name already exists" },
    });
  }
  const row = { id: newId("team"), tenant_id: tenantId, organization_id: orgId, name, slug, created_at: Date.now() };
  await insertTeam(db, row);
  return { id: row.id, organizationId: orgId, name, slugifiedName: slug, developers: [] };
}

async function loadTeam(db: Db, tenantId: string, viewer: Viewer, teamId: string) {
  const team = await selectTeamById(db, tenantId, teamId);
  if (!team) throw new AppError("NOT_FOUND", TEAM_NOT_FOUND);
  const role = await selectRole(db, tenantId, team.organization_id, viewer.id);
  if (role === null && !viewer.isAdmin) throw new AppError("NOT_FOUND", TEAM_NOT_FOUND);
  return { team, role };
}

export async function deleteTeam(ctx: UseCaseContext, teamId: string): Promise<void> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { role } = await loadTeam(db, tenantId, v, teamId);
  assertCanManageOrganization(v, tenantId, role);
  await deleteTeamRow(db, tenantId, teamId);
}

async function teamDetail(db: Db, tenantId: string, teamId: string): Promise<TeamDetail> {
  const team = await selectTeamById(db, tenantId, teamId);
  if (!team) throw new AppError("NOT_FOUND", TEAM_NOT_FOUND);
  const developers = await selectTeamDevelopers(db, tenantId, [teamId]);
  return {
    id: team.id,
    organizationId: team.organization_id,
    name: team.name,
    slugifiedName: team.slug,
    developers: developers.map((d) => ({ id: d.userId, username: d.username, name: d.name, thumbnail: d.thumbnail })),
  };
}

/**
 * Admins add developers to a team; all or nothing. Anyone who is not a member of the organization (or not a user)
 * fails the whole call with the spec's message, the offending usernames in fields.usernames.
 */
export async function addTeamDevelopers(
  ctx: UseCaseContext,
  teamId: string,
  usernamesInput: unknown,
): Promise<TeamDetail> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { team, role } = await loadTeam(db, tenantId, v, teamId);
  assertCanManageOrganization(v, tenantId, role);
  const usernames = parseInput(usernamesSchema, usernamesInput);
  // Membership is checked under the organization's lock, so a member removed meanwhile cannot slip into the team.
  await inTransaction(db, async (trx) => {
    await lockOrganization(trx, tenantId, team.organization_id, db.dialect);
    const users = await selectUsersByUsernames(trx, tenantId, usernames);
    const byName = new Map(users.map((u) => [u.username.toLowerCase(), u]));
    const refused: string[] = [];
    const ids: string[] = [];
    for (const name of usernames) {
      const user = byName.get(name.toLowerCase());
      const memberRole = user ? await selectRole(trx, tenantId, team.organization_id, user.id) : null;
      if (!user || !canBeTeamDeveloper(memberRole)) refused.push(name);
      else ids.push(user.id);
    }
    if (refused.length > 0) {
      throw new AppError("BAD_REQUEST", ADD_DEVELOPERS_FAILED, {
        fields: { usernames: `Only organization members can be added: ${refused.join(", ")}` },
      });
    }
    const now = Date.now();
    await insertTeamDevelopers(trx, tenantId, teamId, ids, now);
    await notifyTeamDevelopersAdded(trx, tenantId, { teamId, userIds: ids, actorId: v.id }, now);
  });
  return teamDetail(db, tenantId, teamId);
}

/** Admins remove developers from a team; all or nothing (unknown or non-developers fail with the spec's message). */
export async function removeTeamDevelopers(
  ctx: UseCaseContext,
  teamId: string,
  usernamesInput: unknown,
): Promise<TeamDetail> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { role } = await loadTeam(db, tenantId, v, teamId);
  assertCanManageOrganization(v, tenantId, role);
  const usernames = parseInput(usernamesSchema, usernamesInput);
  const current = await selectTeamDevelopers(db, tenantId, [teamId]);
  const byName = new Map(current.map((d) => [d.username.toLowerCase(), d.userId]));
  const refused = usernames.filter((n) => !byName.has(n.toLowerCase()));
  if (refused.length > 0) {
    throw new AppError("BAD_REQUEST", REMOVE_DEVELOPERS_FAILED, {
      fields: { usernames: `Not developers of this team: ${refused.join(", ")}` },
    });
  }
  const ids = usernames.map((n) => byName.get(n.toLowerCase())).filter((id): id is string => !!id);
  await inTransaction(db, (trx) => deleteTeamDevelopers(trx, tenantId, teamId, ids));
  return teamDetail(db, tenantId, teamId);
}
