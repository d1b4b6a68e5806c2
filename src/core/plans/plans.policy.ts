import type { Db } from "../../db/connection";
import { canUserEditApi } from "../access/private-apis.service";
import { AppError } from "../errors/app-error";
import { selectApiOwner } from "./plans.queries";

export const MANAGE_API_FORBIDDEN = "Only the API's provider can manage its plans";

/**
 * Who may manage an API's plans, upstream, subscriptions and usage: the same rule as every other edit of the API
 * (spec section 6): its owner, or someone whose context tree holds the owner within 10 levels (canEditApi).
 */
export async function assertCanManageApi(db: Db, tenantId: string, viewerId: string, apiId: string): Promise<void> {
  const api = await selectApiOwner(db, tenantId, apiId);
  if (!api) throw new AppError("NOT_FOUND", "API not found");
  if (!(await canUserEditApi(db, tenantId, viewerId, apiId))) throw new AppError("FORBIDDEN", MANAGE_API_FORBIDDEN);
}
