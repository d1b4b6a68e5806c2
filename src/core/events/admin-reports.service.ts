import { z } from "zod";
import { assertTenantAdmin } from "../accounts/accounts.policy";
import { parseInput } from "../accounts/validation";
import type { UseCaseContext } from "../use-case-context";
import { clickThroughByPosition, topSearchTerms, zeroResultSearchTerms } from "./events.service";
import type { PositionClicks, TermCount } from "./events.types";

/*
 * The /admin screen's search analytics (ADMIN_PANEL_ACCESS only): the three reports of events.service over the last
 * N days of the admin's own tenant. The reports themselves live in events.service; this only guards and windows them.
 */

export const REPORT_PERIODS_DAYS = [1, 7, 30, 90] as const;
export const DEFAULT_REPORT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const reportSchema = z.object({
  days: z
    .number()
    .int()
    .refine((d) => (REPORT_PERIODS_DAYS as readonly number[]).includes(d), {
      message: `Choose a period of ${REPORT_PERIODS_DAYS.join(", ")} days`,
    })
    .default(DEFAULT_REPORT_DAYS),
  limit: z.number().int().min(1).max(100).default(20),
});

export interface SearchAnalyticsReport {
  days: number;
  since: number;
  until: number;
  topTerms: TermCount[];
  zeroResultTerms: TermCount[];
  clicksByPosition: PositionClicks[];
}

export async function searchAnalyticsReport(
  ctx: UseCaseContext,
  input: unknown = {},
  now = Date.now(),
): Promise<SearchAnalyticsReport> {
  const { db, tenantId, viewer } = ctx;
  assertTenantAdmin(viewer, tenantId);
  const { days, limit } = parseInput(reportSchema, input);
  const window = { since: now - days * DAY_MS, until: now + 1, limit };
  const [topTerms, zeroResultTerms, clicksByPosition] = await Promise.all([
    topSearchTerms(db, tenantId, window),
    zeroResultSearchTerms(db, tenantId, window),
    clickThroughByPosition(db, tenantId, window),
  ]);
  return { days, since: window.since, until: now, topTerms, zeroResultTerms, clicksByPosition };
}
