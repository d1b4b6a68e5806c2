import type { Db } from "../../db/connection";
import { requireViewer } from "../accounts/accounts.policy";
import type { Viewer } from "../accounts/accounts.types";
import { getCatalogStats } from "../catalog/catalog.service";
import { AppError } from "../errors/app-error";
import { clickThroughByPosition, topSearchTerms, zeroResultSearchTerms } from "../events/events.service";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The admin overview looks at the last 30 days of search analytics. */
export const ADMIN_WINDOW_DAYS = 30;
const LIST_SIZE = 10;

export interface AdminOverview {
  catalog: Awaited<ReturnType<typeof getCatalogStats>>;
  windowDays: number;
  topTerms: Array<{ term: string; count: number }>;
  zeroResultTerms: Array<{ term: string; count: number }>;
  clicksByPosition: Array<{ position: number; clicks: number; clickThroughRate: number }>;
}

/**
 * Spec route /admin (ADMIN_PANEL_ACCESS): the tenant's catalog counts and what its visitors search for (top terms,
 * terms that found nothing, result clicks by position). Tenant admins only; anyone else is FORBIDDEN.
 */
export async function getAdminOverview(
  db: Db,
  tenantId: string,
  viewer: Viewer | null,
  now = Date.now(),
): Promise<AdminOverview> {
  const v = requireViewer(viewer, tenantId);
  if (!v.isAdmin) throw new AppError("FORBIDDEN", "Only administrators can open the admin panel");
  const window = { since: now - ADMIN_WINDOW_DAYS * DAY_MS, until: now + 1, limit: LIST_SIZE };
  const [catalog, topTerms, zeroResultTerms, clicksByPosition] = await Promise.all([
    getCatalogStats(db, tenantId),
    topSearchTerms(db, tenantId, window),
    zeroResultSearchTerms(db, tenantId, window),
    clickThroughByPosition(db, tenantId, window),
  ]);
  return { catalog, windowDays: ADMIN_WINDOW_DAYS, topTerms, zeroResultTerms, clicksByPosition };
}
