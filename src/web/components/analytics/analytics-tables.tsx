import type { ReactNode } from "react";
import type { QuotaUse, Revenue, TopConsumer, TopEndpoint } from "../../../core/analytics/analytics.types";
import { formatMoney } from "../../../core/billing/money";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate, formatNumber } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import { Panel } from "./analytics-panel";

/** A plain table; its empty row says why it is empty. */
export function Table(props: { head: string[]; rows: ReactNode[][]; empty: string; testId: string }) {
  return (
    <div className="overflow-x-auto">
      <table data-testid={props.testId} className="w-full text-sm tabular-nums">
        <thead>
          <tr className="text-slate-500 dark:text-slate-400">
            {props.head.map((h) => (
              <th key={h} scope="col" className="px-2 py-1.5 text-start font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.length === 0 ? (
            <tr>
              <td colSpan={props.head.length} className="px-2 py-4 text-center text-slate-500 dark:text-slate-400">
                {props.empty}
              </td>
            </tr>
          ) : (
            props.rows.map((cells, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are ranked positions
              <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                {cells.map((c, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of one row are positional
                  <td key={j} className="px-2 py-1.5 align-top" dir="auto">
                    {c}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export function TopEndpointsTable(props: { rows: TopEndpoint[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Panel title={t("analytics.topEndpoints")} testId="panel-top-endpoints">
      <Table
        testId="top-endpoints"
        head={[t("analytics.endpoint"), t("analytics.api"), t("analytics.calls"), t("analytics.errorRate"), "p95"]}
        empty={t("analytics.noCalls")}
        rows={props.rows.map((e) => [
          <code key="e" className="text-xs">
            {e.endpoint || "—"}
          </code>,
          e.apiName,
          formatNumber(e.calls, locale),
          e.errorRate === null ? "—" : `${formatNumber(e.errorRate, locale, 2)} %`,
          e.p95Ms === null ? "—" : t("analytics.ms", { value: formatNumber(e.p95Ms, locale, 2) }),
        ])}
      />
    </Panel>
  );
}

export function TopConsumersTable(props: { rows: TopConsumer[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Panel title={t("analytics.topConsumers")} testId="panel-top-consumers">
      <Table
        testId="top-consumers"
        head={[
          t("analytics.app"),
          t("analytics.organization"),
          t("analytics.plan"),
          t("analytics.api"),
          t("analytics.calls"),
          t("analytics.errorRate"),
        ]}
        empty={t("analytics.noCalls")}
        rows={props.rows.map((c) => [
          c.appName || c.appId || "—",
          c.organization ?? "—",
          c.plan ?? "—",
          c.apiName,
          formatNumber(c.calls, locale),
          c.errorRate === null ? "—" : `${formatNumber(c.errorRate, locale, 2)} %`,
        ])}
      />
    </Panel>
  );
}

export function QuotaTable(props: { rows: QuotaUse[]; audience: "provider" | "consumer" | "admin" }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const quota = (q: QuotaUse) =>
    q.quota === null
      ? t("analytics.unlimited")
      : t("analytics.perPeriod", {
          quota: formatNumber(q.quota, locale),
          period: t(`analytics.periods.${q.quotaPeriod}`),
        });
  const head =
    props.audience === "consumer"
      ? [
          t("analytics.api"),
          t("analytics.plan"),
          t("analytics.quotaCol"),
          t("analytics.used"),
          t("analytics.remaining"),
        ]
      : [
          t("analytics.api"),
          t("analytics.plan"),
          t("analytics.subscriptions"),
          t("analytics.quotaCol"),
          t("analytics.used"),
          t("analytics.overage"),
        ];
  return (
    <Panel title={t("analytics.quota")} testId="panel-quota">
      <Table
        testId="quota-table"
        head={head}
        empty={t("analytics.noQuota")}
        rows={props.rows.map((q) =>
          props.audience === "consumer"
            ? [
                q.apiName,
                q.planName,
                quota(q),
                formatNumber(q.used, locale),
                q.remaining === null ? t("analytics.unlimited") : formatNumber(q.remaining, locale),
              ]
            : [
                q.apiName,
                q.planName,
                formatNumber(q.subscriptions, locale),
                quota(q),
                formatNumber(q.used, locale),
                formatNumber(q.overage, locale),
              ],
        )}
      />
    </Panel>
  );
}

export function RevenuePanel(props: {
  revenue: Revenue;
  audience: "provider" | "consumer" | "admin";
  currency: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (minor: number, currency: string) => formatMoney({ amountMinor: minor, currency }, locale);
  const totals = props.revenue.totals;
  const head = [t("analytics.charges"), t("analytics.overage"), t("analytics.credits"), t("analytics.net")];
  return (
    <Panel title={props.audience === "consumer" ? t("analytics.spend") : t("analytics.revenue")} testId="panel-revenue">
      <Table
        testId="revenue-totals"
        head={head}
        empty={t("analytics.noRevenue")}
        rows={totals.map((m) => [
          money(m.chargesMinor, m.currency),
          money(m.overageMinor, m.currency),
          money(m.creditsMinor, m.currency),
          <strong key="n">{money(m.netMinor, m.currency)}</strong>,
        ])}
      />
      {props.revenue.byPlan.length > 0 && (
        <>
          <h3 className="text-sm font-semibold">{t("analytics.byPlan")}</h3>
          <Table
            testId="revenue-by-plan"
            head={[t("analytics.plan"), ...head]}
            empty={t("analytics.noRevenue")}
            rows={props.revenue.byPlan.map((m) => [
              m.planName || "—",
              money(m.chargesMinor, m.currency),
              money(m.overageMinor, m.currency),
              money(m.creditsMinor, m.currency),
              money(m.netMinor, m.currency),
            ])}
          />
          <h3 className="text-sm font-semibold">{t("analytics.byDay")}</h3>
          <Table
            testId="revenue-by-day"
            head={[t("analytics.time"), ...head]}
            empty={t("analytics.noRevenue")}
            rows={props.revenue.byPeriod.map((m) => [
              formatDate(m.periodStart, locale),
              money(m.chargesMinor, m.currency),
              money(m.overageMinor, m.currency),
              money(m.creditsMinor, m.currency),
              money(m.netMinor, m.currency),
            ])}
          />
        </>
      )}
    </Panel>
  );
}
