import type { UsageRollupsTable } from "../../db/tables/gateway.tables";
import { LATENCY_BUCKET_COLUMNS, latencyBucket, type UsageRecord } from "./usage.types";

export const MINUTE_MS = 60_000;

/** A call the gateway refused before proxying (no upstream involved). */
export function isRejection(record: Pick<UsageRecord, "reason">): boolean {
  return (
    record.reason !== "ok" &&
    record.reason !== "mock" &&
    record.reason !== "client_aborted" &&
    !record.reason.startsWith("upstream_")
  );
}

/** Folds a batch of records into per-minute rows per (tenant, api, endpoint, app); calls without an API are skipped. */
export function rollUp(records: readonly UsageRecord[]): UsageRollupsTable[] {
  const rows = new Map<string, UsageRollupsTable>();
  for (const r of records) {
    if (!r.apiId) continue;
    const minute = Math.floor(r.at / MINUTE_MS) * MINUTE_MS;
    const endpoint = r.endpoint ?? "";
    const appId = r.appId ?? "";
    const key = `${r.tenantId}\u0000${r.apiId}\u0000${endpoint}\u0000${appId}\u0000${minute}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        tenant_id: r.tenantId,
        api_id: r.apiId,
        endpoint,
        app_id: appId,
        minute,
        calls: 0,
        billable: 0,
        rejected: 0,
        errors_4xx: 0,
        errors_5xx: 0,
        bytes_in: 0,
        bytes_out: 0,
        latency_sum_us: 0,
        lat_b00: 0,
        lat_b01: 0,
        lat_b02: 0,
        lat_b03: 0,
        lat_b04: 0,
        lat_b05: 0,
        lat_b06: 0,
        lat_b07: 0,
        lat_b08: 0,
        lat_b09: 0,
        lat_b10: 0,
        lat_b11: 0,
        lat_b12: 0,
        lat_b13: 0,
      };
      rows.set(key, row);
    }
    row.calls += 1;
    if (r.billable) row.billable += 1;
    if (isRejection(r)) row.rejected += 1;
    if (r.status >= 400 && r.status < 500) row.errors_4xx += 1;
    if (r.status >= 500) row.errors_5xx += 1;
    row.bytes_in += r.bytesIn;
    row.bytes_out += r.bytesOut;
    row.latency_sum_us += r.latencyUs;
    const column = LATENCY_BUCKET_COLUMNS[latencyBucket(r.latencyUs)] ?? "lat_b13";
    row[column] += 1;
  }
  return [...rows.values()];
}
