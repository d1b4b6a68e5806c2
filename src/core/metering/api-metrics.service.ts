import type { Db } from "../../db/connection";
import { computeApiMetrics, HEALTH_WINDOW_MS, METRICS_WINDOW_MS, type UsageWindow } from "./api-metrics";
import { selectMeasuredApis, selectUsageTotals, updateApiMetrics } from "./api-metrics.queries";
import { LATENCY_BUCKET_COLUMNS } from "./usage.types";

const EMPTY: UsageWindow = { calls: 0, rejected: 0, errors5xx: 0, latencyBuckets: LATENCY_BUCKET_COLUMNS.map(() => 0) };

/**
 * Recomputes the About tab's metrics of every API that is not demo data, from the gateway's rollups of the last 30
 * days (decision 051). Only rows whose values change are written, so unchanged APIs are not queued for re-indexing.
 * Idempotent; safe to run in several workers at once. Returns how many APIs changed.
 */
export async function refreshApiMetrics(db: Db, options: { now: number }): Promise<number> {
  const [usage, apis] = await Promise.all([
    selectUsageTotals(db, options.now - METRICS_WINDOW_MS, options.now - HEALTH_WINDOW_MS),
    selectMeasuredApis(db),
  ]);
  const byApi = new Map(usage.map((row) => [`${row.tenantId}\u0000${row.apiId}`, row]));
  let changed = 0;
  for (const api of apis) {
    const row = byApi.get(`${api.tenant_id}\u0000${api.id}`);
    const m = computeApiMetrics({
      month: row?.month ?? EMPTY,
      day: row?.day ?? EMPTY,
      followers: Number(api.followers_count),
      subscribers: Number(api.subscribers ?? 0),
    });
    const next = {
      latency_ms: m.latencyMs,
      service_level: m.serviceLevel,
      health_check: m.healthCheck,
      popularity: m.popularity,
    };
    const same =
      nullableNumber(api.latency_ms) === next.latency_ms &&
      nullableNumber(api.service_level) === next.service_level &&
      nullableNumber(api.health_check) === next.health_check &&
      Number(api.popularity) === next.popularity;
    if (same) continue;
    await updateApiMetrics(db, api.tenant_id, api.id, next);
    changed++;
  }
  return changed;
}

function nullableNumber(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}
