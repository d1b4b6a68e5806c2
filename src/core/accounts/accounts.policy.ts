import { AppError } from "../errors/app-error";
import type { Viewer } from "./accounts.types";

/** The signed-in viewer of this tenant, or UNAUTHENTICATED (a viewer of another tenant never counts). */
export function requireViewer(viewer: Viewer | null | undefined, tenantId: string): Viewer {
  if (!viewer || viewer.tenantId !== tenantId) throw new AppError("UNAUTHENTICATED", "Sign in to continue");
  return viewer;
}

/** Spec section 2: only the profile owner edits it. */
export function canEditProfile(viewer: Viewer | null | undefined, tenantId: string, userId: string): boolean {
  return !!viewer && viewer.tenantId === tenantId && viewer.id === userId;
}

export function assertCanEditProfile(viewer: Viewer | null | undefined, tenantId: string, userId: string): void {
  requireViewer(viewer, tenantId);
  if (!canEditProfile(viewer, tenantId, userId)) {
    throw new AppError("FORBIDDEN", "You can only edit your own profile");
  }
}

/** ADMIN_PANEL_ACCESS: the tenant admin role. */
export function isTenantAdmin(viewer: Viewer | null | undefined, tenantId: string): boolean {
  return !!viewer && viewer.tenantId === tenantId && viewer.isAdmin;
}

export function assertTenantAdmin(viewer: Viewer | null | undefined, tenantId: string): Viewer {
  const v = requireViewer(viewer, tenantId);
  if (!v.isAdmin) throw new AppError("FORBIDDEN", "Only administrators can do this");
  return v;
}

/** The tenant must keep at least one administrator, or nobody could ever reach /admin again. */
export const LAST_TENANT_ADMIN = "The marketplace must keep at least one administrator";

/** True when this change would take the admin role from the tenant's only admin. */
export function removesLastTenantAdmin(adminCount: number, targetIsAdmin: boolean, makeAdmin: boolean): boolean {
  return targetIsAdmin && !makeAdmin && adminCount <= 1;
}
