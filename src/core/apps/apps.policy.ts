import type { Db } from "../../db/connection";
import type { AppRow } from "../../db/tables/gateway.tables";
import { AppError } from "../errors/app-error";
import { isOrganizationMember, selectAppById } from "./apps.queries";

/** An app is managed by its creator, or by any member of the organization it belongs to. */
export async function canManageApp(db: Db, tenantId: string, viewerId: string, app: AppRow): Promise<boolean> {
  if (app.owner_user_id === viewerId) return true;
  if (app.organization_id) return isOrganizationMember(db, tenantId, app.organization_id, viewerId);
  return false;
}

/** Loads the app or fails with NOT_FOUND; another user's app is NOT_FOUND too (its existence is not revealed). */
export async function requireManageableApp(db: Db, tenantId: string, viewerId: string, appId: string): Promise<AppRow> {
  const app = await selectAppById(db, tenantId, appId);
  if (!app || !(await canManageApp(db, tenantId, viewerId, app))) throw new AppError("NOT_FOUND", "App not found");
  return app;
}
