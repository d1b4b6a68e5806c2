import type { AnalyticsDashboard } from "./analytics.types";

/*
 * The CSV export of a dashboard: what the page shows, section by section (a "section" column keeps one file
 * spreadsheet-friendly). Times are ISO 8601 UTC; money in minor units with its currency. Cells that a spreadsheet
 * would run as a formula (=, +, -, @ first) are prefixed with a quote (OWASP CSV injection).
 */

function cell(value: string | number | boolean | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const COLUMNS = [
  "section",
  "key",
  "calls",
  "ok",
  "errors_4xx",
  "errors_5xx",
  "error_rate_pct",
  "p50_ms",
  "p95_ms",
  "p99_ms",
  "extra",
] as const;
type Column = (typeof COLUMNS)[number];
type Cell = string | number | boolean | null;

/** One line: the section, its key and the columns it has (the others stay empty). */
function row(section: string, key: string, values: Partial<Record<Column, Cell>>): string {
  const all: Partial<Record<Column, Cell>> = { ...values, section, key };
  return COLUMNS.map((c) => cell(all[c] ?? null)).join(",");
}

const iso = (ms: number) => new Date(ms).toISOString();
const money = (r: {
  currency: string;
  chargesMinor: number;
  overageMinor: number;
  creditsMinor: number;
  netMinor: number;
}) => `${r.currency};charges=${r.chargesMinor};overage=${r.overageMinor};credits=${r.creditsMinor};net=${r.netMinor}`;

export function dashboardCsv(d: AnalyticsDashboard): string {
  const rows: string[] = [COLUMNS.map(cell).join(",")];
  rows.push(row("range", `${iso(d.range.from)}/${iso(d.range.to)}`, { extra: d.range.preset }));
  for (const [name, t, p] of [
    ["totals", d.totals, d.percentiles],
    ["previous_period", d.previous, d.previousPercentiles],
  ] as const) {
    rows.push(
      row(name, p.exact ? "exact" : "estimated", {
        calls: t.calls,
        ok: t.ok,
        errors_4xx: t.errors4xx,
        errors_5xx: t.errors5xx,
        error_rate_pct: t.errorRate,
        p50_ms: p.p50Ms,
        p95_ms: p.p95Ms,
        p99_ms: p.p99Ms,
        extra: `billable=${t.billable}`,
      }),
    );
  }
  for (const s of d.series) {
    rows.push(
      row("series", iso(s.t), {
        calls: s.calls,
        ok: s.ok,
        errors_4xx: s.errors4xx,
        errors_5xx: s.errors5xx,
        error_rate_pct: s.errorRate,
        p50_ms: s.p50Ms,
        p95_ms: s.p95Ms,
        p99_ms: s.p99Ms,
      }),
    );
  }
  for (const e of d.topEndpoints) {
    rows.push(
      row("top_endpoint", `${e.apiName} ${e.endpoint}`, {
        calls: e.calls,
        error_rate_pct: e.errorRate,
        p95_ms: e.p95Ms,
      }),
    );
  }
  for (const c of d.topConsumers) {
    rows.push(
      row("top_consumer", `${c.appName} (${c.apiName})`, {
        calls: c.calls,
        error_rate_pct: c.errorRate,
        extra: `plan=${c.plan ?? ""}`,
      }),
    );
  }
  for (const q of d.quota) {
    rows.push(
      row("quota", `${q.apiName} ${q.planName}`, {
        calls: q.used,
        extra: `quota=${q.quota ?? "unlimited"}/${q.quotaPeriod};subscriptions=${q.subscriptions};overage=${q.overage}`,
      }),
    );
  }
  for (const r of d.revenue.byPlan) rows.push(row("revenue_plan", r.planName, { extra: money(r) }));
  for (const r of d.revenue.byPeriod) rows.push(row("revenue_day", iso(r.periodStart), { extra: money(r) }));
  return `${rows.join("\r\n")}\r\n`;
}
