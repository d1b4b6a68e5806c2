import { DEFAULT_CURRENCY } from "../billing/money";
import { percentileFromBuckets } from "../metering/usage.types";
import type { AnalyticsPoint, AnalyticsTotals, MoneyTotals, Revenue } from "./analytics.types";
import type { RevenueLineRow } from "./billing-analytics.queries";
import type { RollupSums } from "./rollups.queries";

/* Pure shaping of the dashboard's numbers (unit-tested beside it). */

export function errorRate(calls: number, errors: number): number | null {
  return calls === 0 ? null : Math.round((errors / calls) * 10_000) / 100;
}

export function totalsOf(s: RollupSums): AnalyticsTotals {
  return {
    calls: s.calls,
    ok: s.calls - s.errors4xx - s.errors5xx,
    errors4xx: s.errors4xx,
    errors5xx: s.errors5xx,
    errorRate: errorRate(s.calls, s.errors4xx + s.errors5xx),
    rejected: s.rejected,
    billable: s.billable,
    bytesIn: s.bytesIn,
    bytesOut: s.bytesOut,
  };
}

const ms = (us: number | null) => (us === null ? null : Math.round(us / 10) / 100);

export function histogramMs(buckets: readonly number[], p: number): number | null {
  return ms(percentileFromBuckets(buckets, p));
}

/** One point per bucket of the range, zeros where no call happened. */
export function pointsOf(starts: readonly number[], rows: ReadonlyArray<RollupSums & { bucket: number }>) {
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  return starts.map((t): AnalyticsPoint => {
    const r = byBucket.get(t);
    if (!r)
      return { t, calls: 0, ok: 0, errors4xx: 0, errors5xx: 0, errorRate: null, p50Ms: null, p95Ms: null, p99Ms: null };
    return {
      t,
      calls: r.calls,
      ok: r.calls - r.errors4xx - r.errors5xx,
      errors4xx: r.errors4xx,
      errors5xx: r.errors5xx,
      errorRate: errorRate(r.calls, r.errors4xx + r.errors5xx),
      p50Ms: histogramMs(r.latencyBuckets, 50),
      p95Ms: histogramMs(r.latencyBuckets, 95),
      p99Ms: histogramMs(r.latencyBuckets, 99),
    };
  });
}

/** The 0-based rank of the nearest-rank percentile p among n sorted values. */
export function nearestRank(n: number, p: number): number {
  return Math.max(0, Math.ceil((p / 100) * n) - 1);
}

function emptyMoney(currency: string): MoneyTotals {
  return { currency, chargesMinor: 0, overageMinor: 0, creditsMinor: 0, netMinor: 0 };
}

function addLine(t: MoneyTotals, line: RevenueLineRow): void {
  if (line.amountMinor < 0) t.creditsMinor += line.amountMinor;
  else if (line.kind === "overage") t.overageMinor += line.amountMinor;
  else t.chargesMinor += line.amountMinor;
  t.netMinor += line.amountMinor;
}

const DAY_MS = 86_400_000;

/** Paid invoice lines summed per currency, per plan and per UTC day. */
export function revenueOf(lines: readonly RevenueLineRow[]): Revenue {
  const totals = new Map<string, MoneyTotals>();
  const byPlan = new Map<string, Revenue["byPlan"][number]>();
  const byPeriod = new Map<string, Revenue["byPeriod"][number]>();
  for (const line of lines) {
    const currency = line.currency || DEFAULT_CURRENCY;
    let total = totals.get(currency);
    if (!total) {
      total = emptyMoney(currency);
      totals.set(currency, total);
    }
    addLine(total, line);
    const planKey = `${line.planId ?? ""}|${currency}`;
    let plan = byPlan.get(planKey);
    if (!plan) {
      plan = { ...emptyMoney(currency), planId: line.planId ?? "", planName: line.planName ?? "" };
      byPlan.set(planKey, plan);
    }
    addLine(plan, line);
    const day = Math.floor(line.paidAt / DAY_MS) * DAY_MS;
    const dayKey = `${day}|${currency}`;
    let period = byPeriod.get(dayKey);
    if (!period) {
      period = { ...emptyMoney(currency), periodStart: day };
      byPeriod.set(dayKey, period);
    }
    addLine(period, line);
  }
  return {
    totals: [...totals.values()].sort((a, b) => b.netMinor - a.netMinor),
    byPlan: [...byPlan.values()].sort((a, b) => b.netMinor - a.netMinor),
    byPeriod: [...byPeriod.values()].sort((a, b) => a.periodStart - b.periodStart),
  };
}
