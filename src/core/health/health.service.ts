import { parseTenantConfig } from "../../common/tenant-config";
import type { Db } from "../../db/connection";
import { inTransaction } from "../../db/executor";
import { requireVisibleApi } from "../access/private-apis.service";
import type { UseCaseContext } from "../use-case-context";
import {
  deleteDaysBefore,
  deleteProbesBefore,
  insertProbe,
  selectDayTally,
  selectDueProbeTargets,
  selectHealthTargetOf,
  selectProbeTally,
  selectRecentProbes,
  selectTenantConfigsForHealth,
} from "./health.queries";
import { httpProber, type ProbeFailure, type Prober } from "./health-probe";
import { type HealthProbeOrigins, type NotProbedReason, resolveHealthTarget } from "./health-target";

/*
 * Health probes (decision 101): the worker probes each API with an upstream once an hour, a batch per run, a few at
 * a time, each with a deadline; results are kept two days raw (24 h uptime, status history) and thirty days as daily
 * tallies (7 and 30 day uptime). A tenant whose health-check switch is off is not probed and shows nothing.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
export const HEALTH_PROBE_INTERVAL_MS = HOUR_MS;
export const HEALTH_PROBE_RETENTION_MS = 2 * DAY_MS;
export const HEALTH_DAY_RETENTION_DAYS = 30;
export const HEALTH_HISTORY_LENGTH = 24;

export interface HealthProbeRunOptions extends HealthProbeOrigins {
  now: () => number;
  timeoutMs: number;
  /** APIs probed per run (the job runs every minute). */
  batch?: number;
  concurrency?: number;
  /** Tests swap the network out. */
  prober?: Prober;
}

export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

function probingDisabledTenants(tenants: Array<{ id: string; config: string }>): string[] {
  return tenants
    .filter((t) => {
      try {
        return !parseTenantConfig(JSON.parse(t.config)).switches.apiHealthCheck;
      } catch {
        // A config that does not parse keeps the default (on), like the other per-tenant jobs.
        return false;
      }
    })
    .map((t) => t.id);
}

/** One run of the probe job: the due APIs of this batch, probed and recorded. Idempotent; safe in several workers. */
export async function runHealthProbes(db: Db, options: HealthProbeRunOptions) {
  const now = options.now();
  const skipTenantIds = probingDisabledTenants(await selectTenantConfigsForHealth(db));
  const due = await selectDueProbeTargets(db, {
    dueBefore: now - HEALTH_PROBE_INTERVAL_MS,
    limit: options.batch ?? 60,
    skipTenantIds,
  });
  const own = options.prober ? null : httpProber({ allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs });
  const prober = options.prober ?? own;
  const summary = { probed: 0, up: 0, notProbed: 0 };
  if (!prober) return summary;
  let next = 0;
  const lane = async () => {
    while (next < due.length) {
      const api = due[next++];
      if (!api) break;
      const target = resolveHealthTarget(
        { upstreamUrl: api.upstream_url, mode: api.mode, healthPath: api.health_path },
        options,
      );
      // Nothing recorded for an API this process may not probe: its page says why instead of showing "down".
      if (target.kind === "none") {
        summary.notProbed++;
        continue;
      }
      const result = await prober(target);
      const probedAt = options.now();
      await inTransaction(db, (trx) =>
        insertProbe(trx, api.tenant_id, api.id, { probedAt, ...result }, utcDayStart(probedAt)),
      );
      summary.probed++;
      if (result.up) summary.up++;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 6) }, lane));
  } finally {
    await own?.close();
  }
  return summary;
}

/** Raw probes older than two days and daily tallies older than thirty days. */
export async function enforceHealthRetention(db: Db, options: { now: number }) {
  const probes = await deleteProbesBefore(db, options.now - HEALTH_PROBE_RETENTION_MS);
  const days = await deleteDaysBefore(db, utcDayStart(options.now) - (HEALTH_DAY_RETENTION_DAYS - 1) * DAY_MS);
  return { probes, days };
}

export interface Uptime {
  probes: number;
  /** Percent of probes that found the API up, or null without probes in the window. */
  percent: number | null;
}

export interface ApiHealth {
  /** Set when there is nothing to show: why the API is not probed ("not-yet": it will be). */
  notProbed: NotProbedReason | "not-yet" | null;
  /** What the probe asks: the gateway (mock mode), a built-in demo upstream, or the provider's upstream. */
  via: "gateway" | "builtin" | "upstream" | null;
  latest: HealthProbeView | null;
  uptime24h: Uptime;
  uptime7d: Uptime;
  uptime30d: Uptime;
  /** Newest first, at most HEALTH_HISTORY_LENGTH. */
  history: HealthProbeView[];
}

export interface HealthProbeView {
  probedAt: number;
  up: boolean;
  latencyMs: number | null;
  statusCode: number | null;
  reason: ProbeFailure | null;
}

const FAILURES: ReadonlySet<string> = new Set<ProbeFailure>([
  "http",
  "timeout",
  "dns",
  "refused",
  "reset",
  "tls",
  "private-address",
  "failed",
]);

function isProbeFailure(value: string): value is ProbeFailure {
  return FAILURES.has(value);
}

function uptime(tally: { probes: number; up: number }): Uptime {
  return { probes: tally.probes, percent: tally.probes === 0 ? null : (100 * tally.up) / tally.probes };
}

/**
 * The API page's health: latest probe, uptime over 24 h (raw probes) and 7 / 30 days (UTC days, today included) and
 * the recent probes. The API must be visible to the viewer; null when the tenant's health-check switch is off.
 */
export async function getApiHealth(
  ctx: UseCaseContext,
  input: { apiId: string; now: number; healthCheckOn: boolean; allowPrivate: boolean },
): Promise<ApiHealth | null> {
  await requireVisibleApi(ctx, input.apiId);
  if (!input.healthCheckOn) return null;
  const today = utcDayStart(input.now);
  const [recent, day, week, month, target] = await Promise.all([
    selectRecentProbes(ctx.db, ctx.tenantId, input.apiId, HEALTH_HISTORY_LENGTH),
    selectProbeTally(ctx.db, ctx.tenantId, input.apiId, input.now - DAY_MS),
    selectDayTally(ctx.db, ctx.tenantId, input.apiId, today - 6 * DAY_MS),
    selectDayTally(ctx.db, ctx.tenantId, input.apiId, today - 29 * DAY_MS),
    selectHealthTargetOf(ctx.db, ctx.tenantId, input.apiId),
  ]);
  const history = recent.map((r) => ({
    probedAt: Number(r.probed_at),
    up: Number(r.up) === 1,
    latencyMs: r.latency_ms === null ? null : Number(r.latency_ms),
    statusCode: r.status_code === null ? null : Number(r.status_code),
    reason: Number(r.up) === 1 ? null : r.reason !== null && isProbeFailure(r.reason) ? r.reason : "failed",
  }));
  // The web process may not run the gateway, so "elsewhere" is not a reason here: the worker's process decides.
  const resolved = resolveHealthTarget(
    { upstreamUrl: target?.upstream_url ?? null, mode: target?.mode ?? null, healthPath: target?.health_path ?? null },
    { allowPrivate: input.allowPrivate, gatewayOrigin: "http://gateway", demoOrigin: "http://demo" },
  );
  let notProbed: ApiHealth["notProbed"] = null;
  if (history.length === 0) notProbed = resolved.kind === "none" ? resolved.reason : "not-yet";
  return {
    notProbed,
    via: resolved.kind === "probe" ? resolved.via : null,
    latest: history[0] ?? null,
    uptime24h: uptime(day),
    uptime7d: uptime(week),
    uptime30d: uptime(month),
    history,
  };
}
