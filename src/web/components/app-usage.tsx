import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { useLocale } from "../lib/root-data";
import type { DashboardUsage } from "../routes/developer/dashboard-types";
import { UsageChart } from "./usage-chart";

function Stat(props: { label: string; value: string; testId: string; tone?: "danger" }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-950/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{props.label}</dt>
      <dd
        data-testid={props.testId}
        className={`text-lg font-semibold tabular-nums ${props.tone === "danger" ? "text-danger" : ""}`}
      >
        {props.value}
      </dd>
    </div>
  );
}

/** Calls, errors and latency percentiles of the last hour, with calls per minute as a bar chart. */
export function AppUsage(props: { usage: DashboardUsage }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const u = props.usage;
  const ms = (value: number | null) =>
    value === null ? "—" : t("apps.ms", { value: formatNumber(value, locale, value < 10 ? 2 : 0) });
  const minutes = Math.round((u.toMinute - u.fromMinute) / 60_000) + 1;
  return (
    <section aria-label={t("apps.usageTitle")} data-testid="app-usage" className="flex flex-col gap-3">
      <h3 className="font-semibold">{t("apps.usageTitle", { minutes })}</h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <Stat label={t("apps.usageCalls")} value={formatNumber(u.calls, locale)} testId="usage-calls" />
        <Stat
          label={t("apps.usageErrors")}
          value={formatNumber(u.errors, locale)}
          testId="usage-errors"
          tone={u.errors > 0 ? "danger" : undefined}
        />
        <Stat label={t("apps.usageRejected")} value={formatNumber(u.rejected, locale)} testId="usage-rejected" />
        <Stat label="p50" value={ms(u.p50Ms)} testId="usage-p50" />
        <Stat label="p95" value={ms(u.p95Ms)} testId="usage-p95" />
        <Stat label="p99" value={ms(u.p99Ms)} testId="usage-p99" />
      </dl>
      <UsageChart
        series={u.series}
        fromMinute={u.fromMinute}
        toMinute={u.toMinute}
        label={t("apps.usageChartLabel", { count: u.calls, formattedCount: formatNumber(u.calls, locale), minutes })}
      />
      <p className="flex items-center gap-4 text-xs text-slate-500 dark:text-slate-400">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-accent-fill" aria-hidden="true" />
          {t("apps.usageLegendCalls")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-danger" aria-hidden="true" />
          {t("apps.usageLegendErrors")}
        </span>
      </p>
    </section>
  );
}
