import type { UsageReason, UsageRecord } from "./usage.types";

/** A usage record as the gateway keeps it: with the request id that tells repeated journal lines of one call apart. */
export type IdentifiedUsageRecord = UsageRecord & { readonly requestId: string };

const REASONS: ReadonlySet<string> = new Set<UsageReason>([
  "ok",
  "mock",
  "no_key",
  "invalid_key",
  "unknown_api",
  "not_subscribed",
  "pending_approval",
  "access_rejected",
  "suspended",
  "rate_limited",
  "quota_exceeded",
  "payload_too_large",
  "upstream_unreachable",
  "upstream_timeout",
  "upstream_refused",
  "client_aborted",
  "unavailable",
]);

/**
 * One usage record as a line of the billing journal (docs/decisions/037-durable-usage-records.md): a JSON array, so
 * an endpoint template with any character stays on one line. Written once per call, so kept to a flat array.
 */
export function usageJournalLine(r: IdentifiedUsageRecord): string {
  return JSON.stringify([
    r.requestId,
    r.tenantId,
    r.apiId,
    r.endpoint,
    r.appId,
    r.keyId,
    r.planId,
    r.subscriptionId,
    r.status,
    r.reason,
    r.billable ? 1 : 0,
    Math.round(r.latencyUs),
    r.bytesIn,
    r.bytesOut,
    r.at,
  ]);
}

function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** The record of a journal line; null for a line that is not one (never throws: recovery must go on). */
export function parseUsageJournalLine(line: string): IdentifiedUsageRecord | null {
  let values: unknown;
  try {
    values = JSON.parse(line);
  } catch {
    return null;
  }
  if (!Array.isArray(values) || values.length !== 15) return null;
  const [requestId, tenantId, apiId, endpoint, appId, keyId, planId, subscriptionId, status, reason, billable] = values;
  if (typeof requestId !== "string" || typeof tenantId !== "string" || typeof apiId !== "string") return null;
  if (typeof reason !== "string" || !REASONS.has(reason) || typeof status !== "number") return null;
  return {
    requestId,
    tenantId,
    apiId,
    endpoint: text(endpoint),
    appId: text(appId),
    keyId: text(keyId),
    planId: text(planId),
    subscriptionId: text(subscriptionId),
    status,
    reason: reason as UsageReason,
    billable: billable === 1,
    latencyUs: count(values[11]),
    bytesIn: count(values[12]),
    bytesOut: count(values[13]),
    at: count(values[14]),
  };
}

/**
 * The records of journal logs (oldest first) with one record per call: a call carried into a later log, or written
 * again there, keeps its last line (the most complete).
 */
export function recordsFromJournalLines(logs: ReadonlyArray<{ lines: readonly string[] }>): IdentifiedUsageRecord[] {
  const byId = new Map<string, IdentifiedUsageRecord>();
  for (const log of logs) {
    for (const line of log.lines) {
      const record = parseUsageJournalLine(line);
      if (!record) continue;
      byId.delete(record.requestId);
      byId.set(record.requestId, record);
    }
  }
  return [...byId.values()];
}
