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

function line(values: Array<string | number | boolean | null>): string {
  return values.map(cell).join(",");
}

const iso = (ms: number) => new Date(ms).toISOString();

export function dashboardCsv(d: AnalyticsDashboard): string {
  const rows: string[] = [];
  rows.push(
    line([
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
    ]),
  );
  rows.push(
    line([
      "range",
      `${iso(d.range.from)}/${iso(d.range.to)}`,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      d.range.preset,
    ]),
  );
  for (const [name, t, p] of [
    ["totals", d.totals, d.percentiles],
    ["previous_period", d.previous, d.previousPercentiles],
  ] as const) {
    rows.push(
      line([
        name,
        p.exact ? "exact" : "estimated",
        t.calls,
        t.ok,
        t.errors4xx,
        t.errors5xx,
        t.errorRate,
        p.p50Ms,
        p.p95Ms,
        p.p99Ms,
        `billable=${t.billable}`,
      ]),
    );
  }
  for (const s of d.series) {
    rows.push(
      line(["series", iso(s.t), s.calls, s.ok, s.errors4xx, s.errors5xx, s.errorRate, s.p50Ms, s.p95Ms, s.p99Ms, null]),
    );
  }
  for (const e of d.topEndpoints) {
    rows.push(
      line([
        "top_endpoint",
        `${e.apiName} ${e.endpoint}`,
        e.calls,
        null,
        null,
        null,
        e.errorRate,
        null,
        e.p95Ms,
        null,
        null,
      ]),
    );
  }
  for (const c of d.topConsumers) {
    rows.push(
      line([
        "top_consumer",
        `${c.appName} (${c.apiName})`,
        c.calls,
        null,
        null,
        null,
        c.errorRate,
        null,
        null,
        null,
        `plan=${c.plan ?? ""}`,
      ]),
    );
  }
  for (const q of d.quota) {
    rows.push(
      line([
        "quota",
        `${q.apiName} ${q.planName}`,
        q.used,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        `quota=${q.quota ?? "unlimited"}/${q.quotaPeriod};subscriptions=${q.subscriptions};overage=${q.overage}`,
      ]),
    );
  }
  for (const r of d.revenue.byPlan) {
    rows.push(
      line([
        "revenue_plan",
        r.planName,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        `${r.currency};charges=${r.chargesMinor};overage=${r.overageMinor};credits=${r.creditsMinor};net=${r.netMinor}`,
      ]),
    );
  }
  for (const r of d.revenue.byPeriod) {
    rows.push(
      line([
        "revenue_day",
        iso(r.periodStart),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        `${r.currency};charges=${r.chargesMinor};overage=${r.overageMinor};credits=${r.creditsMinor};net=${r.netMinor}`,
      ]),
    );
  }
  return `${rows.join("\r\n")}\r\n`;
}
