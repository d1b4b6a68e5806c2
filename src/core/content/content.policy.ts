import type { Db } from "../../db/connection";
import type { ApiAccessRow } from "../access/access.queries";
import { canEditApi, requireVisibleApi } from "../access/private-apis.service";
import { requireViewer } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import { AppError } from "../errors/app-error";

/** Refusal text when a signed-in user who is not the API's provider tries to manage its content. */
export const NOT_API_EDITOR = "Only the API's provider can manage its content";

/**
 * The API, when the viewer may manage its spotlights and tutorials (spec section 6 "Edit a product": owner, or found in
 * the viewer's context tree). Signed out: UNAUTHENTICATED; cannot see the API: NOT_FOUND; sees it only: FORBIDDEN.
 */
export async function requireApiEditor(
  db: Db,
  tenantId: string,
  viewer: Viewer | null,
  apiId: string,
): Promise<{ viewer: Viewer; api: ApiAccessRow }> {
  const v = requireViewer(viewer, tenantId);
  const api = await requireVisibleApi({ db, tenantId, viewer: v }, apiId);
  if (!(await canEditApi({ db, tenantId, viewer: v }, apiId))) throw new AppError("FORBIDDEN", NOT_API_EDITOR);
  return { viewer: v, api };
}

/** Whether drafts and unpublished items of this API are shown to the viewer (its editors only). */
export async function seesUnpublished(
  db: Db,
  tenantId: string,
  viewer: Viewer | null,
  apiId: string,
): Promise<boolean> {
  return canEditApi({ db, tenantId, viewer }, apiId);
}
