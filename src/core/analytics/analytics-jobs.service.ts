import { parseTenantConfig } from "../../common/tenant-config";
import type { Db } from "../../db/connection";
import { DAY_MS, HOUR_MS } from "./analytics-range";
import {
  deleteRawUsageBefore,
  foldBuckets,
  foldDimensions,
  selectFoldStart,
  selectTenantConfigs,
} from "./rollup-fold.queries";

/*
 * The worker's analytics housekeeping (docs/decisions/090-analytics.md): fold minute rollups into hours and hours
 * into days, and enforce each tenant's request log retention.
 */

const FOLD_CHUNK = { hour: 24, day: 31 } as const;

/**
 * Folds from one bucket before the last folded one (late records land there) up to the current, still open bucket,
 * in chunks so a first run over a long history does not hold one huge transaction.
 */
export async function foldUsageRollups(db: Db, options: { now: number }): Promise<void> {
  for (const grain of ["hour", "day"] as const) {
    const ms = grain === "hour" ? HOUR_MS : DAY_MS;
    const start = await selectFoldStart(db, grain);
    if (start === null) continue;
    const end = Math.floor(options.now / ms) * ms + ms;
    let from = Math.max(Math.floor(start / ms) * ms - ms, 0);
    while (from < end) {
      const to = Math.min(end, from + FOLD_CHUNK[grain] * ms);
      await foldBuckets(db, grain, from, to);
      await foldDimensions(db, grain, from, to);
      from = to;
    }
  }
}

/** Deletes raw calls (and minute rollups) older than each tenant's retention (default 30 days). */
export async function enforceUsageRetention(db: Db, options: { now: number }): Promise<number> {
  let deleted = 0;
  for (const tenant of await selectTenantConfigs(db)) {
    let days = 30;
    try {
      days = parseTenantConfig(JSON.parse(tenant.config)).analytics.retentionDays;
    } catch {
      // A tenant whose stored config does not parse keeps the default.
    }
    deleted += await deleteRawUsageBefore(db, tenant.id, options.now - days * DAY_MS);
  }
  return deleted;
}
