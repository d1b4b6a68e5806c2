import type { Viewer } from "../accounts/accounts.types";
import { AppError } from "../errors/app-error";

export const SELF_FOLLOW = "You cannot follow yourself";
export const OTHER_USER = "You can only change your own follows and saved APIs";

/** Spec section 5: following requires login; nobody follows themselves. */
export function canFollowUser(viewer: Viewer | null | undefined, tenantId: string, targetUserId: string): boolean {
  return !!viewer && viewer.tenantId === tenantId && viewer.id !== targetUserId;
}

/** The spec's calls carry an optional userId; a userId other than the signed-in user's is a forged request. */
export function actsForSelf(viewer: Viewer, userId: string | null | undefined): boolean {
  return userId == null || userId === "" || userId === viewer.id;
}

export function assertActsForSelf(viewer: Viewer, userId: string | null | undefined): void {
  if (!actsForSelf(viewer, userId)) throw new AppError("FORBIDDEN", OTHER_USER);
}

/** Spec section 4: only saved entries with a status are kept; status 0 (or none) removes the entry. */
export function keepsSavedEntry(status: number | null | undefined): boolean {
  return typeof status === "number" && status > 0;
}
