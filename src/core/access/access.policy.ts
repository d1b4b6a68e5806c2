import type { OrgRole } from "../../db/tables/accounts.tables";
import type { Viewer } from "../accounts/accounts.types";
import type { ContextEntry, ContextTree } from "../orgs/contexts";

/** Spec section 6, word for word. */
export const PERMISSIONS = [
  "CREATE_ORGANIZATION",
  "ACCESS_ORGANIZATION_DASHBOARD",
  "ACCESS_PROVIDER_DASHBOARD_IN_PERSONAL_CONTEXT",
  "PERSONAL_CONTEXT",
  "ACCESS_PROVIDER_DASHBOARD",
  "ADMIN_PANEL_ACCESS",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Spec section 9: context search depth 10. */
export const CONTEXT_SEARCH_DEPTH = 10;

/** Per-user permissions: every signed-in user has a personal context, may publish in it and create organizations. */
export function userPermissions(viewer: Viewer): Permission[] {
  const list: Permission[] = [
    "CREATE_ORGANIZATION",
    "PERSONAL_CONTEXT",
    "ACCESS_PROVIDER_DASHBOARD_IN_PERSONAL_CONTEXT",
  ];
  if (viewer.isAdmin) list.push("ADMIN_PANEL_ACCESS");
  return list;
}

/** Per-organization permissions: members publish for it, admins also manage it. */
export function organizationPermissions(role: OrgRole | null): Permission[] {
  if (role === "admin") return ["ACCESS_ORGANIZATION_DASHBOARD", "ACCESS_PROVIDER_DASHBOARD"];
  if (role === "member") return ["ACCESS_PROVIDER_DASHBOARD"];
  return [];
}

/** Per-team permissions: the team's developers and the organization's admins publish for it. */
export function teamPermissions(role: OrgRole | null, isDeveloper: boolean): Permission[] {
  return role === "admin" || (role === "member" && isDeveloper) ? ["ACCESS_PROVIDER_DASHBOARD"] : [];
}

export interface OrganizationAccess {
  role: OrgRole;
  permissions: Permission[];
  teams: Record<string, { permissions: Permission[] }>;
}

/** What POST /access-control answers (spec section 6 "access tree"). */
export interface AccessTree {
  userId: string;
  /** The selected context (spec section 4), resolved on the server from the context token. */
  context: ContextEntry;
  /** Permissions that apply in the selected context. */
  permissions: Permission[];
  user: { permissions: Permission[] };
  /** Keyed by organization id, like the context tree. */
  organizations: Record<string, OrganizationAccess>;
  /** Spec section 6: Join Organization shows unless the corporate domain has the ignore flag. */
  canJoinOrganization: boolean;
  /** What the top bar shows, derived exactly as spec section 6 says. */
  menu: MenuFlags;
}

export interface MenuFlags {
  createOrganization: boolean;
  manageOrganizations: boolean;
  joinOrganization: boolean;
  myOrgs: boolean;
  myApis: boolean;
  admin: boolean;
  personalContext: boolean;
}

/** Spec section 6: My Orgs if any of create/manage/join; My APIs if personal provider access or any org's. */
export function menuFlags(user: Permission[], orgs: OrganizationAccess[], canJoin: boolean): MenuFlags {
  const createOrganization = user.includes("CREATE_ORGANIZATION");
  const manageOrganizations = orgs.some((o) => o.permissions.includes("ACCESS_ORGANIZATION_DASHBOARD"));
  const personalContext = user.includes("PERSONAL_CONTEXT");
  return {
    createOrganization,
    manageOrganizations,
    joinOrganization: canJoin,
    myOrgs: createOrganization || manageOrganizations || canJoin,
    myApis:
      (user.includes("ACCESS_PROVIDER_DASHBOARD_IN_PERSONAL_CONTEXT") && personalContext) ||
      orgs.some((o) => o.permissions.includes("ACCESS_PROVIDER_DASHBOARD")),
    admin: user.includes("ADMIN_PANEL_ACCESS"),
    personalContext,
  };
}

export interface AccessInputs {
  viewer: Viewer;
  selected: ContextEntry;
  roles: Record<string, OrgRole>;
  tree: ContextTree;
  /** Team ids the viewer is a developer of. */
  developerOf: Set<string>;
  canJoin: boolean;
}

/** Builds the access tree from memberships (pure; the service loads the inputs). */
export function buildAccessTree(input: AccessInputs): AccessTree {
  const user = userPermissions(input.viewer);
  const organizations: Record<string, OrganizationAccess> = {};
  for (const [orgId, role] of Object.entries(input.roles)) {
    const teams: Record<string, { permissions: Permission[] }> = {};
    for (const team of input.tree[orgId]?.children ?? []) {
      teams[team.id] = { permissions: teamPermissions(role, input.developerOf.has(team.id)) };
    }
    organizations[orgId] = { role, permissions: organizationPermissions(role), teams };
  }
  const selected = input.selected;
  let contextual: Permission[];
  if (selected.type === "Organization") contextual = organizations[selected.id]?.permissions ?? [];
  else if (selected.type === "Team") {
    contextual = organizations[selected.organization ?? ""]?.teams[selected.id]?.permissions ?? [];
  } else
    contextual = user.filter((p) => p === "PERSONAL_CONTEXT" || p === "ACCESS_PROVIDER_DASHBOARD_IN_PERSONAL_CONTEXT");
  const global = user.filter((p) => p === "CREATE_ORGANIZATION" || p === "ADMIN_PANEL_ACCESS");
  return {
    userId: input.viewer.id,
    context: selected,
    permissions: [...new Set([...contextual, ...global])],
    user: { permissions: user },
    organizations,
    canJoinOrganization: input.canJoin,
    menu: menuFlags(user, Object.values(organizations), input.canJoin),
  };
}

/** True when an entry with this id (or entityId) is in the tree within `maxDepth` levels (1 = the organizations). */
export function findInContextTree(tree: ContextTree, id: string, maxDepth = CONTEXT_SEARCH_DEPTH): boolean {
  const visit = (entries: ContextEntry[], depth: number): boolean => {
    if (depth > maxDepth) return false;
    for (const entry of entries) {
      if (entry.id === id || entry.entityId === id) return true;
      if (entry.children.length > 0 && visit(entry.children, depth + 1)) return true;
    }
    return false;
  };
  return visit(Object.values(tree), 1);
}

/** Spec section 6: a product is editable by its owner, or when its owner id is found in the viewer's context tree. */
export function canEditProduct(
  viewer: Viewer | null | undefined,
  product: { ownerId: string; tenantId: string },
  tree: ContextTree,
): boolean {
  if (!viewer || viewer.tenantId !== product.tenantId) return false;
  return viewer.id === product.ownerId || findInContextTree(tree, product.ownerId, CONTEXT_SEARCH_DEPTH);
}

/** Private APIs: visible to the owner, to invited users/teams/organizations and to tenant admins. */
export function canSeePrivateApi(
  viewer: Viewer | null | undefined,
  api: { ownerId: string; tenantId: string; visibility: string },
  invited: boolean,
): boolean {
  if (api.visibility === "PUBLIC") return true;
  if (!viewer || viewer.tenantId !== api.tenantId) return false;
  return viewer.id === api.ownerId || invited || viewer.isAdmin;
}
