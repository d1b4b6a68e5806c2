import { Form } from "react-router";
import type { PositionClicks, TermCount } from "../../core/events/events.types";
import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { useLocale } from "../lib/root-data";
import { Button } from "./ui/button";
import { DataTable } from "./ui/data-table";
import { Select } from "./ui/select";

/** /admin's search analytics tab: top terms, zero-result terms and click-through by result position. */
export interface ReportData {
  days: number;
  topTerms: TermCount[];
  zeroResultTerms: TermCount[];
  clicksByPosition: PositionClicks[];
}

function TermTable(props: { testId: string; title: string; rows: TermCount[]; empty: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="flex flex-col gap-3" data-testid={props.testId}>
      <h2 className="text-lg font-bold">{props.title}</h2>
      {props.rows.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400" data-testid={`${props.testId}-empty`}>
          {props.empty}
        </p>
      ) : (
        <DataTable
          rows={props.rows}
          rowKey={(row) => row.term}
          rowAttributes={() => ({ "data-testid": "admin-term-row" })}
          columns={[
            { id: "term", header: t("admin.term"), cell: (row) => row.term, cellClassName: "break-all", dir: "auto" },
            {
              id: "count",
              header: t("admin.searches"),
              className: "text-end",
              cellClassName: "tabular-nums",
              cell: (row) => formatNumber(row.count, locale),
            },
          ]}
        />
      )}
    </section>
  );
}

/** `periods`: the report windows the loader accepts, in days. */
export function SearchReports(props: { report: ReportData; periods: readonly number[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { report } = props;
  return (
    <div className="flex flex-col gap-8" data-testid="admin-search-reports">
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="tab" value="search" />
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.period")}
          <Select look="plain" name="days" defaultValue={String(report.days)} data-testid="admin-period">
            {props.periods.map((d) => (
              <option key={d} value={d}>
                {t("admin.periodDays", { count: d })}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" size="row">
          {t("admin.show")}
        </Button>
      </Form>
      <div className="grid gap-8 lg:grid-cols-2">
        <TermTable
          testId="admin-top-terms"
          title={t("admin.topTerms")}
          rows={report.topTerms}
          empty={t("admin.noSearches")}
        />
        <TermTable
          testId="admin-zero-terms"
          title={t("admin.zeroResultTerms")}
          rows={report.zeroResultTerms}
          empty={t("admin.noZeroResults")}
        />
      </div>
      <section className="flex flex-col gap-3" data-testid="admin-click-through">
        <h2 className="text-lg font-bold">{t("admin.clickThrough")}</h2>
        {report.clicksByPosition.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="admin-click-through-empty">
            {t("admin.noClicks")}
          </p>
        ) : (
          <DataTable
            rows={report.clicksByPosition}
            rowKey={(row) => String(row.position)}
            rowAttributes={() => ({ "data-testid": "admin-position-row" })}
            columns={[
              {
                id: "position",
                header: t("admin.position"),
                cellClassName: "tabular-nums",
                cell: (row) => formatNumber(row.position, locale),
              },
              {
                id: "clicks",
                header: t("admin.clicks"),
                className: "text-end",
                cellClassName: "tabular-nums",
                cell: (row) => formatNumber(row.clicks, locale),
              },
              {
                id: "rate",
                header: t("admin.rate"),
                className: "text-end",
                cellClassName: "tabular-nums",
                cell: (row) =>
                  new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(
                    row.clickThroughRate,
                  ),
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}
