import type { OrgRole } from "../../db/tables/accounts.tables";
import type { Viewer } from "../accounts/accounts.types";
import { AppError } from "../errors/app-error";

/*
 * Who may do what with organizations and teams. Pure functions over the viewer and their role in the organization
 * (null: not a member); the service loads the role and calls these before every read or write.
 */

function sameTenant(viewer: Viewer | null | undefined, tenantId: string): viewer is Viewer {
  return !!viewer && viewer.tenantId === tenantId;
}

/** Members, admins and tenant admins see an organization's members and teams. */
export function canViewOrganization(
  viewer: Viewer | null | undefined,
  tenantId: string,
  role: OrgRole | null,
): boolean {
  return sameTenant(viewer, tenantId) && (role !== null || viewer.isAdmin);
}

/** Organization admins (and tenant admins) manage members, roles, teams and settings: ACCESS_ORGANIZATION_DASHBOARD. */
export function canManageOrganization(
  viewer: Viewer | null | undefined,
  tenantId: string,
  role: OrgRole | null,
): boolean {
  return sameTenant(viewer, tenantId) && (role === "admin" || viewer.isAdmin);
}

/** Admins remove anyone; a member may remove (leave) themselves. */
export function canRemoveMember(
  viewer: Viewer | null | undefined,
  tenantId: string,
  role: OrgRole | null,
  targetUserId: string,
): boolean {
  if (!sameTenant(viewer, tenantId)) return false;
  return canManageOrganization(viewer, tenantId, role) || (role !== null && viewer.id === targetUserId);
}

/** True when the change would leave the organization without an admin. */
export function removesLastAdmin(adminCount: number, targetRole: OrgRole | null, newRole: OrgRole | null): boolean {
  return targetRole === "admin" && newRole !== "admin" && adminCount <= 1;
}

export interface DomainState {
  domain: string;
  ignore: boolean;
  organizationId: string | null;
}

/**
 * Spec section 6: joining is offered unless the corporate domain has the ignore flag; and only to a verified address
 * (decision 022), otherwise anyone could sign up as someone@company and join the company's organization.
 */
export function canOfferJoin(viewer: Viewer | null | undefined, tenantId: string, domain: DomainState | null): boolean {
  return sameTenant(viewer, tenantId) && viewer.emailVerified && !!domain && !domain.ignore;
}

/** A user joins an organization that claims their (not ignored) corporate domain, once. */
export function canJoinOrganization(
  viewer: Viewer | null | undefined,
  tenantId: string,
  domain: DomainState | null,
  orgId: string,
  currentRole: OrgRole | null,
): boolean {
  return canOfferJoin(viewer, tenantId, domain) && domain?.organizationId === orgId && currentRole === null;
}

/** Spec section 2: only organization members can be added to a team. */
export function canBeTeamDeveloper(memberRole: OrgRole | null): boolean {
  return memberRole !== null;
}

export const ORG_NOT_FOUND = "Organization not found";
/** What an unverified user hears when something needs a proven address (decision 022). */
export const CONFIRM_EMAIL_FIRST =
  "Confirm your e-mail address first: use the link we mailed you, or send a new one from your settings.";
export const TEAM_NOT_FOUND = "Team not found";
export const LAST_ADMIN = "An organization must keep at least one admin";

/** Non-members get the same NOT_FOUND as for an organization that does not exist (ids are not confirmed). */
export function assertCanViewOrganization(viewer: Viewer | null | undefined, tenantId: string, role: OrgRole | null) {
  if (!sameTenant(viewer, tenantId)) throw new AppError("UNAUTHENTICATED", "Sign in to continue");
  if (!canViewOrganization(viewer, tenantId, role)) throw new AppError("NOT_FOUND", ORG_NOT_FOUND);
}

export function assertCanManageOrganization(viewer: Viewer | null | undefined, tenantId: string, role: OrgRole | null) {
  assertCanViewOrganization(viewer, tenantId, role);
  if (!canManageOrganization(viewer, tenantId, role)) {
    throw new AppError("FORBIDDEN", "Only organization admins can do this");
  }
}
