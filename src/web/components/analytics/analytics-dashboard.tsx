import { useMemo } from "react";
import type { Locale } from "../../../common/locales";
import type { AnalyticsDashboard, AnalyticsTotals, LatencyPercentiles } from "../../../core/analytics/analytics.types";
import { useTranslation } from "../../i18n/use-translation";
import { formatNumber } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import { AnalyticsChart, type ChartSeries } from "./analytics-chart";
import { Panel } from "./analytics-panel";
import { QuotaTable, RevenuePanel, TopConsumersTable, TopEndpointsTable } from "./analytics-tables";

/*
 * One dashboard for the three audiences (provider, consumer, tenant admin): KPI cards against the previous period,
 * calls by status class, error rate and latency over time (each with its data table), and the tables of the scope.
 */

export const CHART_COLORS = {
  ok: "#0d93f2",
  client: "#f59e0b",
  server: "#e5484d",
  p50: "#16a34a",
  p95: "#f59e0b",
  p99: "#e5484d",
};

function timeLabel(ms: number, grainMs: number, locale: Locale): string {
  const options: Intl.DateTimeFormatOptions =
    grainMs >= 86_400_000
      ? { dateStyle: "medium", timeZone: "UTC" }
      : { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" };
  return new Intl.DateTimeFormat(locale, options).format(new Date(ms));
}

function Kpi(props: { label: string; value: string; sub: string; testId: string }) {
  return (
    <div
      data-testid={props.testId}
      className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="text-sm text-slate-500 dark:text-slate-400">{props.label}</p>
      <p className="text-2xl font-bold tracking-tight tabular-nums">{props.value}</p>
      <p className="text-xs text-slate-500 dark:text-slate-400">{props.sub}</p>
    </div>
  );
}

function useChange() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (current: number | null, previous: number | null): string => {
    if (previous === null || previous === 0 || current === null) return t("analytics.noPrevious");
    const pct = ((current - previous) / previous) * 100;
    return t("analytics.change", { sign: pct >= 0 ? "+" : "−", value: formatNumber(Math.abs(pct), locale, 1) });
  };
}

function Kpis(props: {
  totals: AnalyticsTotals;
  previous: AnalyticsTotals;
  p: LatencyPercentiles;
  pp: LatencyPercentiles;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const change = useChange();
  const ms = (v: number | null) =>
    v === null ? t("analytics.empty") : t("analytics.ms", { value: formatNumber(v, locale, 2) });
  const pct = (v: number | null) => (v === null ? t("analytics.empty") : `${formatNumber(v, locale, 2)} %`);
  const { totals, previous, p, pp } = props;
  return (
    <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label={t("analytics.title")}>
      <Kpi
        testId="kpi-calls"
        label={t("analytics.calls")}
        value={formatNumber(totals.calls, locale)}
        sub={change(totals.calls, previous.calls)}
      />
      <Kpi
        testId="kpi-error-rate"
        label={t("analytics.errorRate")}
        value={pct(totals.errorRate)}
        sub={change(totals.errorRate, previous.errorRate)}
      />
      <Kpi
        testId="kpi-p50"
        label={`${t("analytics.latency")} p50`}
        value={ms(p.p50Ms)}
        sub={t("analytics.previous", { value: ms(pp.p50Ms) })}
      />
      <Kpi
        testId="kpi-p95"
        label={`${t("analytics.latency")} p95`}
        value={ms(p.p95Ms)}
        sub={p.exact ? t("analytics.exact") : t("analytics.estimated")}
      />
      <Kpi
        testId="kpi-p99"
        label={`${t("analytics.latency")} p99`}
        value={ms(p.p99Ms)}
        sub={t("analytics.previous", { value: ms(pp.p99Ms) })}
      />
    </section>
  );
}

function SeriesTable(props: { head: string[]; rows: Array<{ key: number; cells: string[] }> }) {
  return (
    <table className="w-full text-start text-xs tabular-nums">
      <thead>
        <tr>
          {props.head.map((h) => (
            <th key={h} scope="col" className="px-2 py-1 text-start font-semibold">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.key} className="border-t border-slate-100 dark:border-slate-800">
            {r.cells.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells of one row are positional
              <td key={i} className="px-2 py-1">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AnalyticsDashboardView(props: {
  dashboard: AnalyticsDashboard;
  audience: "provider" | "consumer" | "admin";
  currency: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const d = props.dashboard;
  const x = useMemo(() => d.series.map((p) => p.t), [d.series]);
  const callSeries = useMemo<ChartSeries[]>(
    () => [
      { label: t("analytics.classes.ok"), values: d.series.map((p) => p.ok), color: CHART_COLORS.ok },
      { label: t("analytics.classes.client"), values: d.series.map((p) => p.errors4xx), color: CHART_COLORS.client },
      { label: t("analytics.classes.server"), values: d.series.map((p) => p.errors5xx), color: CHART_COLORS.server },
    ],
    [d.series, t],
  );
  const errorSeries = useMemo<ChartSeries[]>(
    () => [{ label: t("analytics.errorRate"), values: d.series.map((p) => p.errorRate), color: CHART_COLORS.server }],
    [d.series, t],
  );
  const latencySeries = useMemo<ChartSeries[]>(
    () => [
      { label: "p50", values: d.series.map((p) => p.p50Ms), color: CHART_COLORS.p50 },
      { label: "p95", values: d.series.map((p) => p.p95Ms), color: CHART_COLORS.p95 },
      { label: "p99", values: d.series.map((p) => p.p99Ms), color: CHART_COLORS.p99 },
    ],
    [d.series],
  );
  const n = (v: number | null, digits = 0) => (v === null ? t("analytics.empty") : formatNumber(v, locale, digits));
  const busy = d.series.filter((p) => p.calls > 0);
  const when = (ms: number) => timeLabel(ms, d.range.grainMs, locale);
  return (
    <div className="flex flex-col gap-6" data-testid="analytics-dashboard" data-calls={d.totals.calls}>
      <Kpis totals={d.totals} previous={d.previous} p={d.percentiles} pp={d.previousPercentiles} />
      {d.totals.calls === 0 && (
        <p
          data-testid="analytics-no-calls"
          className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-500 dark:text-slate-400 dark:border-slate-700"
        >
          {t("analytics.noCalls")}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t("analytics.calls")} testId="panel-calls" className="lg:col-span-2">
          <AnalyticsChart
            title={t("analytics.callsOverTime")}
            x={x}
            series={callSeries}
            kind="bars"
            testId="chart-calls"
            tableLabel={t("analytics.dataTable")}
            table={
              <SeriesTable
                head={[t("analytics.time"), t("analytics.calls"), "2xx/3xx", "4xx", "5xx"]}
                rows={busy.map((p) => ({
                  key: p.t,
                  cells: [when(p.t), n(p.calls), n(p.ok), n(p.errors4xx), n(p.errors5xx)],
                }))}
              />
            }
          />
        </Panel>
        <Panel title={t("analytics.errorRate")} testId="panel-errors">
          <AnalyticsChart
            title={t("analytics.errorRateOverTime")}
            x={x}
            series={errorSeries}
            kind="lines"
            testId="chart-errors"
            tableLabel={t("analytics.dataTable")}
            table={
              <SeriesTable
                head={[t("analytics.time"), t("analytics.errorRate")]}
                rows={busy.map((p) => ({ key: p.t, cells: [when(p.t), `${n(p.errorRate, 2)} %`] }))}
              />
            }
          />
        </Panel>
        <Panel title={t("analytics.latency")} testId="panel-latency">
          <AnalyticsChart
            title={t("analytics.latencyOverTime")}
            x={x}
            series={latencySeries}
            kind="lines"
            testId="chart-latency"
            tableLabel={t("analytics.dataTable")}
            table={
              <SeriesTable
                head={[t("analytics.time"), "p50 (ms)", "p95 (ms)", "p99 (ms)"]}
                rows={busy.map((p) => ({ key: p.t, cells: [when(p.t), n(p.p50Ms, 2), n(p.p95Ms, 2), n(p.p99Ms, 2)] }))}
              />
            }
          />
          <p className="text-xs text-slate-500 dark:text-slate-400">{t("analytics.estimated")}</p>
        </Panel>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <TopEndpointsTable rows={d.topEndpoints} />
        {props.audience !== "consumer" && <TopConsumersTable rows={d.topConsumers} />}
        <QuotaTable rows={d.quota} audience={props.audience} />
        <RevenuePanel revenue={d.revenue} audience={props.audience} currency={props.currency} />
      </div>
    </div>
  );
}
