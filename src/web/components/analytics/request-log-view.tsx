import { Form } from "react-router";
import type { LogRow } from "../../../core/analytics/request-log.service";
import { useTranslation } from "../../i18n/use-translation";
import { formatNumber } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import { LocalLink } from "../localized-link";
import { fieldClass } from "../ui/input";
import { Panel } from "./analytics-panel";
import { AnalyticsRangeForm } from "./analytics-range-form";
import { Table } from "./analytics-tables";

export interface LogFilters {
  status: string;
  endpoint: string;
  app: string;
  requestId: string;
}

const iso = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 23);
const ms = (us: number) => Math.round(us / 10) / 100;

function statusClass(status: number): string {
  if (status >= 500) return "text-danger font-semibold";
  if (status >= 400) return "text-amber-600 dark:text-amber-400 font-semibold";
  return "text-emerald-700 dark:text-emerald-400";
}

/** The search form, the table of calls (newest first) and, when one is chosen, its details. */
export function RequestLogView(props: {
  rows: LogRow[];
  filters: LogFilters;
  range: { preset: string; from: number; to: number };
  /** Query parameters of the scope to keep (api, app), for the form and links. */
  keep: Record<string, string>;
  /** The range as the address has it (range, from, to), for links. */
  rangeParams: Record<string, string>;
  nextBefore: number | null;
  selected: LogRow | null;
  showApp: boolean;
  retentionDays: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams({ ...props.keep, ...props.rangeParams, ...extra });
    for (const [k, v] of [...params.entries()]) if (v === "") params.delete(k);
    return `?${params.toString()}`;
  };
  const filterParams: Record<string, string> = {
    status: props.filters.status,
    endpoint: props.filters.endpoint,
    app: props.filters.app,
    requestId: props.filters.requestId,
  };
  return (
    <div className="flex flex-col gap-6">
      <AnalyticsRangeForm preset={props.range.preset} from={props.range.from} to={props.range.to} hidden={props.keep}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="log-status" className="text-sm font-semibold">
            {t("analytics.logs.status")}
          </label>
          <input
            id="log-status"
            name="status"
            defaultValue={props.filters.status}
            placeholder={t("analytics.logs.statusHint")}
            className={`${fieldClass({ fullWidth: false })} w-36`}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="log-endpoint" className="text-sm font-semibold">
            {t("analytics.logs.endpoint")}
          </label>
          <input
            id="log-endpoint"
            name="endpoint"
            defaultValue={props.filters.endpoint}
            placeholder={t("analytics.logs.endpointHint")}
            className={`${fieldClass({ fullWidth: false })} w-56`}
          />
        </div>
        {props.showApp && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="log-app" className="text-sm font-semibold">
              {t("analytics.logs.app")}
            </label>
            <input
              id="log-app"
              name="app"
              defaultValue={props.filters.app}
              className={`${fieldClass({ fullWidth: false })} w-44`}
            />
          </div>
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="log-request" className="text-sm font-semibold">
            {t("analytics.logs.requestId")}
          </label>
          <input
            id="log-request"
            name="requestId"
            defaultValue={props.filters.requestId}
            className={`${fieldClass({ fullWidth: false })} w-44`}
          />
        </div>
      </AnalyticsRangeForm>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t("analytics.logs.retention", { days: props.retentionDays })}
      </p>
      {props.selected && (
        <Panel title={t("analytics.logs.detailTitle", { id: props.selected.requestId ?? "—" })} testId="log-detail">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {(
              [
                [t("analytics.logs.time"), iso(props.selected.at)],
                [t("analytics.logs.requestId"), props.selected.requestId ?? "—"],
                [t("analytics.logs.api"), props.selected.apiName ?? props.selected.apiId],
                [t("analytics.logs.endpoint"), props.selected.endpoint || "—"],
                [t("analytics.app"), props.selected.appName ?? (props.selected.appId || "—")],
                [t("analytics.logs.keyId"), props.selected.keyId || "—"],
                [t("analytics.logs.plan"), props.selected.planName ?? "—"],
                [t("analytics.logs.status"), String(props.selected.status)],
                [t("analytics.logs.reason"), props.selected.reason],
                [
                  t("analytics.logs.billable"),
                  props.selected.billable ? t("analytics.logs.yes") : t("analytics.logs.no"),
                ],
                [
                  t("analytics.logs.latency"),
                  t("analytics.ms", { value: formatNumber(ms(props.selected.latencyUs), locale, 2) }),
                ],
                [
                  t("analytics.logs.bytes"),
                  `${formatNumber(props.selected.bytesIn, locale)} / ${formatNumber(props.selected.bytesOut, locale)}`,
                ],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-semibold text-slate-500 dark:text-slate-400">{k}</dt>
                <dd className="break-all font-mono text-[13px]" dir="auto">
                  {v}
                </dd>
              </div>
            ))}
          </dl>
          <LocalLink to={query(filterParams)} className="text-sm font-semibold text-accent hover:underline">
            {t("analytics.logs.close")}
          </LocalLink>
        </Panel>
      )}
      <Panel title={t("analytics.logs.title")} testId="log-panel">
        <Table
          testId="log-table"
          empty={t("analytics.logs.empty")}
          head={[
            t("analytics.logs.time"),
            t("analytics.logs.status"),
            t("analytics.logs.method"),
            t("analytics.app"),
            t("analytics.logs.latency"),
            t("analytics.logs.reason"),
            t("analytics.logs.details"),
          ]}
          rows={props.rows.map((r) => [
            <span key="t" className="whitespace-nowrap font-mono text-xs">
              {iso(r.at)}
            </span>,
            <span key="s" className={statusClass(r.status)} data-testid="log-status">
              {r.status}
            </span>,
            <code key="e" className="text-xs">
              {r.endpoint || "—"}
            </code>,
            r.appName ?? (r.appId || "—"),
            t("analytics.ms", { value: formatNumber(ms(r.latencyUs), locale, 2) }),
            r.reason,
            r.requestId ? (
              <LocalLink
                key="d"
                data-testid="log-detail-link"
                to={query({ ...filterParams, request: r.requestId, at: String(r.at) })}
                className="font-semibold text-accent hover:underline"
              >
                {r.requestId}
              </LocalLink>
            ) : (
              "—"
            ),
          ])}
        />
        {props.nextBefore !== null && (
          <Form method="get">
            {Object.entries({
              ...props.keep,
              ...props.rangeParams,
              ...filterParams,
              before: String(props.nextBefore),
            }).map(([k, v]) => (v === "" ? null : <input key={k} type="hidden" name={k} value={v} />))}
            <button type="submit" className="text-sm font-semibold text-accent hover:underline">
              {t("analytics.logs.more")}
            </button>
          </Form>
        )}
      </Panel>
    </div>
  );
}
