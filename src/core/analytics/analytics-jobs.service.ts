import { parseTenantConfig } from "../../common/tenant-config";
import type { Db } from "../../db/connection";
import { DAY_MS, HOUR_MS } from "./analytics-range";
import {
  deleteRawUsageBefore,
  foldBuckets,
  foldDimensions,
  selectFirstToFold,
  selectLastFolded,
  selectTenantConfigs,
  selectTenantIds,
} from "./rollup-fold.queries";
import { dropDayPartitionsBefore, ensureDayPartitions } from "./usage-partitions.queries";

/*
 * The worker's analytics housekeeping (docs/decisions/090-analytics.md): fold minute rollups into hours and hours
 * into days, and enforce each tenant's request log retention.
 */

const FOLD_CHUNK = { hour: 24, day: 31 } as const;

/**
 * Folds each tenant from one bucket before its last folded one (late records land there) up to the current, still open
 * bucket, in chunks so a first run over a long history does not hold one huge transaction; stretches without calls are
 * skipped.
 */
export async function foldUsageRollups(db: Db, options: { now: number }): Promise<void> {
  for (const tenantId of await selectTenantIds(db)) {
    for (const grain of ["hour", "day"] as const) {
      const ms = grain === "hour" ? HOUR_MS : DAY_MS;
      const end = Math.floor(options.now / ms) * ms + ms;
      const last = await selectLastFolded(db, grain, tenantId);
      const bucketOf = (t: number | null) => (t === null ? null : Math.floor(t / ms) * ms);
      let from = bucketOf(await selectFirstToFold(db, grain, tenantId, last === null ? 0 : Math.max(last - ms, 0)));
      while (from !== null && from < end) {
        const to = Math.min(end, from + FOLD_CHUNK[grain] * ms);
        await foldBuckets(db, grain, tenantId, from, to);
        await foldDimensions(db, grain, tenantId, from, to);
        from = to < end ? bucketOf(await selectFirstToFold(db, grain, tenantId, to)) : null;
      }
    }
  }
}

/**
 * Deletes raw calls (and minute rollups) older than each tenant's retention (default 30 days). On PostgreSQL the log's
 * days past every tenant's retention go first as whole partitions (decision 094), the tenants with a shorter retention
 * then lose their older rows by delete, and the next days' partitions are made ahead.
 */
export async function enforceUsageRetention(db: Db, options: { now: number }): Promise<number> {
  const retentions: Array<{ tenantId: string; days: number }> = [];
  for (const tenant of await selectTenantConfigs(db)) {
    let days = 30;
    try {
      days = parseTenantConfig(JSON.parse(tenant.config)).analytics.retentionDays;
    } catch {
      // A tenant whose stored config does not parse keeps the default.
    }
    retentions.push({ tenantId: tenant.id, days });
  }
  const longest = Math.max(30, ...retentions.map((r) => r.days));
  await dropDayPartitionsBefore(db, options.now - longest * DAY_MS);
  let deleted = 0;
  for (const { tenantId, days } of retentions) {
    deleted += await deleteRawUsageBefore(db, tenantId, options.now - days * DAY_MS);
  }
  await ensureDayPartitions(db, options.now);
  return deleted;
}
