import { newId } from "../../common/ids";
import { sanitizeSlug } from "../../common/slug";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import type { OrgRole } from "../../db/tables/accounts.tables";
import { requireViewer } from "../accounts/accounts.policy";
import { selectUserByUsername } from "../accounts/accounts.queries";
import type { Viewer } from "../accounts/accounts.types";
import { parseInput } from "../accounts/validation";
import { AppError } from "../errors/app-error";
import { notifyOrgMemberAdded } from "../notifications/event-notifications";
import type { UseCaseContext } from "../use-case-context";
import { corporateDomainOf, emailDomain, isWebmailDomain } from "./corporate-domain";
import {
  releaseDomainsOfOrg,
  selectCorporateDomain,
  selectDomainsOfOrg,
  upsertCorporateDomain,
} from "./corporate-domains.queries";
import {
  assertCanManageOrganization,
  assertCanViewOrganization,
  CONFIRM_EMAIL_FIRST,
  canJoinOrganization,
  canOfferJoin,
  canRemoveMember,
  LAST_ADMIN,
  ORG_NOT_FOUND,
  removesLastAdmin,
} from "./orgs.policy";
import {
  countAdmins,
  countMembers,
  deleteMember,
  deleteOrg,
  insertMember,
  insertOrg,
  lockOrganization,
  type MemberRow,
  type OrgRow,
  selectMembers,
  selectOrgById,
  selectOrgBySlug,
  selectOrgsOfUser,
  selectRole,
  selectTeamDevelopers,
  selectTeamsOfOrgs,
  updateMemberRole,
  updateOrg,
} from "./orgs.queries";
import { createOrganizationSchema, orgRoleSchema, updateOrganizationSchema } from "./orgs.schemas";
/** Spec section 8, word for word. */
export const ALREADY_MEMBER = "You are already a member of this organization";
export const USER_ALREADY_MEMBER = "This user is already a member of the organization";

export interface OrganizationSummary {
  id: string;
  name: string;
  slugifiedName: string;
  thumbnail: string | null;
  description: string | null;
  createdAt: number;
}

export interface MyOrganization extends OrganizationSummary {
  role: OrgRole;
  teams: Array<{ id: string; name: string; slugifiedName: string }>;
}

export interface TeamDetail {
  id: string;
  organizationId: string;
  name: string;
  slugifiedName: string;
  developers: Array<{ id: string; username: string; name: string; thumbnail: string | null }>;
}

export interface OrganizationDetail extends OrganizationSummary {
  viewerRole: OrgRole | null;
  members: MemberRow[];
  teams: TeamDetail[];
  corporateDomains: string[];
}

export interface OrganizationHomepage extends OrganizationSummary {
  membersCount: number;
  teamsCount: number;
}

function summary(org: OrgRow): OrganizationSummary {
  return {
    id: org.id,
    name: org.name,
    slugifiedName: org.slug,
    thumbnail: org.thumbnail,
    description: org.description,
    createdAt: Number(org.created_at),
  };
}

/** The organization (of this tenant) and the viewer's role in it; NOT_FOUND for unknown or other tenants' ids. */
/** The organization and the viewer's role in it; NOT_FOUND for non-members (tenant admins see every one). */
export async function loadOrg(ctx: UseCaseContext, orgId: string) {
  const { db, tenantId } = ctx;
  const viewer = requireViewer(ctx.viewer, ctx.tenantId);
  const org = await selectOrgById(db, tenantId, orgId);
  if (!org) throw new AppError("NOT_FOUND", ORG_NOT_FOUND);
  return { org, role: await selectRole(db, tenantId, orgId, viewer.id) };
}

async function claimDomain(db: Db, tenantId: string, viewer: Viewer, orgId: string, domain: string) {
  // Only the domain of the admin's own verified address (decision 022), and never a webmail provider.
  if (emailDomain(viewer.email) !== domain || isWebmailDomain(domain)) {
    throw new AppError("BAD_REQUEST", "You can only claim the domain of your own company e-mail address", {
      fields: { corporateDomain: "You can only claim the domain of your own company e-mail address" },
    });
  }
  if (!viewer.emailVerified) {
    throw new AppError("FORBIDDEN", CONFIRM_EMAIL_FIRST, { fields: { corporateDomain: CONFIRM_EMAIL_FIRST } });
  }
  const existing = await selectCorporateDomain(db, tenantId, domain);
  if (existing?.organization_id && existing.organization_id !== orgId) {
    throw new AppError("CONFLICT", "Another organization already uses this domain", {
      fields: { corporateDomain: "Another organization already uses this domain" },
    });
  }
}

/** Creates an organization; the creator becomes its first admin. */
export async function createOrganization(ctx: UseCaseContext, input: unknown): Promise<OrganizationSummary> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const data = parseInput(createOrganizationSchema, input);
  const slug = data.slug ?? sanitizeSlug(data.name);
  const slugField = data.slug ? "slug" : "name";
  if (!slug) {
    throw new AppError("BAD_REQUEST", "The name needs at least one letter or digit", {
      fields: { name: "The name needs at least one letter or digit" },
    });
  }
  if (await selectOrgBySlug(db, tenantId, slug)) {
    const message = "An organization with this name already exists";
    throw new AppError("CONFLICT", message, { fields: { [slugField]: message } });
  }
  const now = Date.now();
  const row: OrgRow = {
    id: newId("org"),
    tenant_id: tenantId,
    name: data.name,
    slug,
    description: data.description ?? null,
    thumbnail: data.thumbnail ?? null,
    created_by: v.id,
    created_at: now,
  };
  if (data.corporateDomain) await claimDomain(db, tenantId, v, row.id, data.corporateDomain);
  await inTransaction(db, async (trx) => {
    await insertOrg(trx, row);
    await insertMember(trx, tenantId, row.id, v.id, "admin", now);
    if (data.corporateDomain) {
      await upsertCorporateDomain(trx, tenantId, { domain: data.corporateDomain, organizationId: row.id }, now);
    }
  });
  return summary(row);
}

/** Admins change name, description, picture and the claimed corporate domain. */
export async function updateOrganization(
  ctx: UseCaseContext,
  orgId: string,
  input: unknown,
): Promise<OrganizationSummary> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { org, role } = await loadOrg(ctx, orgId);
  assertCanManageOrganization(v, tenantId, role);
  const data = parseInput(updateOrganizationSchema, input);
  if (data.corporateDomain) await claimDomain(db, tenantId, v, orgId, data.corporateDomain);
  const patch: Partial<Pick<OrgRow, "name" | "description" | "thumbnail">> = {};
  if (data.name !== undefined) patch.name = data.name;
  if (data.description !== undefined) patch.description = data.description;
  if (data.thumbnail !== undefined) patch.thumbnail = data.thumbnail;
  await inTransaction(db, async (trx) => {
    await updateOrg(trx, tenantId, orgId, patch);
    if (data.corporateDomain === null) await releaseDomainsOfOrg(trx, tenantId, orgId);
    if (data.corporateDomain) {
      await releaseDomainsOfOrg(trx, tenantId, orgId);
      await upsertCorporateDomain(trx, tenantId, { domain: data.corporateDomain, organizationId: orgId }, Date.now());
    }
  });
  return summary({ ...org, ...patch });
}

/** Admins delete an organization with its teams and memberships. */
export async function deleteOrganization(ctx: UseCaseContext, orgId: string): Promise<void> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { role } = await loadOrg(ctx, orgId);
  assertCanManageOrganization(v, tenantId, role);
  await inTransaction(db, async (trx) => {
    await releaseDomainsOfOrg(trx, tenantId, orgId);
    await deleteOrg(trx, tenantId, orgId);
  });
}

/** The viewer's organizations with their role and the teams they can act for. */
export async function listMyOrganizations(ctx: UseCaseContext): Promise<MyOrganization[]> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const orgs = await selectOrgsOfUser(db, tenantId, v.id);
  const teams = await selectTeamsOfOrgs(
    db,
    tenantId,
    orgs.map((o) => o.id),
  );
  return orgs.map((o) => ({
    ...summary(o),
    role: o.role,
    teams: teams
      .filter((t) => t.organization_id === o.id)
      .map((t) => ({ id: t.id, name: t.name, slugifiedName: t.slug })),
  }));
}

/** Members, teams with developers and domains, for members and admins of the organization. */
export async function getOrganization(ctx: UseCaseContext, orgId: string): Promise<OrganizationDetail> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { org, role } = await loadOrg(ctx, orgId);
  assertCanViewOrganization(v, tenantId, role);
  const teams = await selectTeamsOfOrgs(db, tenantId, [orgId]);
  const developers = await selectTeamDevelopers(
    db,
    tenantId,
    teams.map((t) => t.id),
  );
  return {
    ...summary(org),
    viewerRole: role,
    members: await selectMembers(db, tenantId, orgId),
    teams: teams.map((t) => ({
      id: t.id,
      organizationId: t.organization_id,
      name: t.name,
      slugifiedName: t.slug,
      developers: developers
        .filter((d) => d.teamId === t.id)
        .map((d) => ({ id: d.userId, username: d.username, name: d.name, thumbnail: d.thumbnail })),
    })),
    corporateDomains: await selectDomainsOfOrg(db, tenantId, orgId),
  };
}

/** /orghomepage/{slug}: public facts about an organization (no member list). */
export async function getOrganizationHomepage(
  db: Db,
  tenantId: string,
  slug: string,
): Promise<OrganizationHomepage | null> {
  const org = await selectOrgBySlug(db, tenantId, slug);
  if (!org) return null;
  const teams = await selectTeamsOfOrgs(db, tenantId, [org.id]);
  return { ...summary(org), membersCount: await countMembers(db, tenantId, org.id), teamsCount: teams.length };
}

/** Organizations the viewer may join: the one claiming their corporate domain, unless ignored or already joined. */
export async function listJoinableOrganizations(ctx: UseCaseContext): Promise<OrganizationSummary[]> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const domain = await corporateDomainOf(db, tenantId, v.email);
  if (!canOfferJoin(v, tenantId, domain) || !domain?.organizationId) return [];
  const org = await selectOrgById(db, tenantId, domain.organizationId);
  if (!org) return [];
  const role = await selectRole(db, tenantId, org.id, v.id);
  return canJoinOrganization(v, tenantId, domain, org.id, role) ? [summary(org)] : [];
}

/** Joins the organization that claims the viewer's corporate domain; refused when ignored or already a member. */
export async function joinOrganization(ctx: UseCaseContext, orgId: string): Promise<OrganizationSummary> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { org, role } = await loadOrg(ctx, orgId);
  if (role !== null) throw new AppError("CONFLICT", ALREADY_MEMBER);
  if (!v.emailVerified) throw new AppError("FORBIDDEN", CONFIRM_EMAIL_FIRST);
  const domain = await corporateDomainOf(db, tenantId, v.email);
  if (!canJoinOrganization(v, tenantId, domain, orgId, role)) {
    throw new AppError("FORBIDDEN", "You cannot join this organization. Ask one of its admins to add you.");
  }
  try {
    await insertMember(db, tenantId, orgId, v.id, "member", Date.now());
  } catch (error) {
    if ((await selectRole(db, tenantId, orgId, v.id)) !== null) throw new AppError("CONFLICT", ALREADY_MEMBER);
    throw error;
  }
  return summary(org);
}

/** Admins add an existing user of the tenant by username. */
export async function addOrganizationMember(
  ctx: UseCaseContext,
  orgId: string,
  input: { username: unknown; role?: unknown },
): Promise<MemberRow[]> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { role } = await loadOrg({ db, tenantId, viewer: v }, orgId);
  assertCanManageOrganization(v, tenantId, role);
  const newRole = input.role == null ? "member" : parseInput(orgRoleSchema, input.role);
  const username = typeof input.username === "string" ? input.username.trim() : "";
  const user = username ? await selectUserByUsername(db, tenantId, username) : undefined;
  if (!user) {
    throw new AppError("NOT_FOUND", `No user named '${username.slice(0, 30)}'`, {
      fields: { username: "No user with this username" },
    });
  }
  if ((await selectRole(db, tenantId, orgId, user.id)) !== null) throw new AppError("CONFLICT", USER_ALREADY_MEMBER);
  const now = Date.now();
  await inTransaction(db, async (trx) => {
    await insertMember(trx, tenantId, orgId, user.id, newRole, now);
    await notifyOrgMemberAdded(trx, tenantId, { orgId, userId: user.id, actorId: v.id }, now);
  });
  return selectMembers(db, tenantId, orgId);
}

/** Admins remove members; members leave. Removing the last admin is refused. */
export async function removeOrganizationMember(ctx: UseCaseContext, orgId: string, userId: string): Promise<void> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { role } = await loadOrg(ctx, orgId);
  assertCanViewOrganization(v, tenantId, role);
  if (!canRemoveMember(v, tenantId, role, userId)) {
    throw new AppError("FORBIDDEN", "Only organization admins can remove other members");
  }
  await inTransaction(db, async (trx) => {
    await lockOrganization(trx, tenantId, orgId, db.dialect);
    const targetRole = await selectRole(trx, tenantId, orgId, userId);
    if (targetRole === null) throw new AppError("NOT_FOUND", "This user is not a member of the organization");
    if (removesLastAdmin(await countAdmins(trx, tenantId, orgId), targetRole, null)) {
      throw new AppError("CONFLICT", LAST_ADMIN);
    }
    await deleteMember(trx, tenantId, orgId, userId);
  });
}

export async function leaveOrganization(ctx: UseCaseContext, orgId: string) {
  const { tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  await removeOrganizationMember(ctx, orgId, v.id);
}

/** Admins change roles; demoting the last admin is refused. */
export async function setOrganizationMemberRole(
  ctx: UseCaseContext,
  orgId: string,
  userId: string,
  roleInput: unknown,
): Promise<MemberRow[]> {
  const { db, tenantId, viewer } = ctx;
  const v = requireViewer(viewer, tenantId);
  const { role } = await loadOrg(ctx, orgId);
  assertCanManageOrganization(v, tenantId, role);
  const newRole = parseInput(orgRoleSchema, roleInput);
  await inTransaction(db, async (trx) => {
    await lockOrganization(trx, tenantId, orgId, db.dialect);
    const targetRole = await selectRole(trx, tenantId, orgId, userId);
    if (targetRole === null) throw new AppError("NOT_FOUND", "This user is not a member of the organization");
    if (removesLastAdmin(await countAdmins(trx, tenantId, orgId), targetRole, newRole)) {
      throw new AppError("CONFLICT", LAST_ADMIN);
    }
    await updateMemberRole(trx, tenantId, orgId, userId, newRole);
  });
  return selectMembers(db, tenantId, orgId);
}
