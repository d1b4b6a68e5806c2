import { Form } from "react-router";
import type { PositionClicks, TermCount } from "../../core/events/events.types";
import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { useLocale } from "../lib/root-data";
import { ADMIN_BUTTON, ADMIN_INPUT, ADMIN_ROW, ADMIN_TABLE_BOX, ADMIN_TH, ADMIN_THEAD } from "./admin-styles";

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
        <p className="text-sm text-slate-500" data-testid={`${props.testId}-empty`}>
          {props.empty}
        </p>
      ) : (
        <div className={ADMIN_TABLE_BOX}>
          <table className="w-full text-sm">
            <thead className={ADMIN_THEAD}>
              <tr>
                <th scope="col" className={ADMIN_TH}>
                  {t("admin.term")}
                </th>
                <th scope="col" className={`${ADMIN_TH} text-end`}>
                  {t("admin.searches")}
                </th>
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr key={row.term} className={ADMIN_ROW} data-testid="admin-term-row">
                  <td className="px-4 py-2 break-all" dir="auto">
                    {row.term}
                  </td>
                  <td className="px-4 py-2 text-end tabular-nums">{formatNumber(row.count, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
          <select name="days" defaultValue={String(report.days)} className={ADMIN_INPUT} data-testid="admin-period">
            {props.periods.map((d) => (
              <option key={d} value={d}>
                {t("admin.periodDays", { count: d })}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={ADMIN_BUTTON}>
          {t("admin.show")}
        </button>
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
          <p className="text-sm text-slate-500" data-testid="admin-click-through-empty">
            {t("admin.noClicks")}
          </p>
        ) : (
          <div className={ADMIN_TABLE_BOX}>
            <table className="w-full text-sm">
              <thead className={ADMIN_THEAD}>
                <tr>
                  <th scope="col" className={ADMIN_TH}>
                    {t("admin.position")}
                  </th>
                  <th scope="col" className={`${ADMIN_TH} text-end`}>
                    {t("admin.clicks")}
                  </th>
                  <th scope="col" className={`${ADMIN_TH} text-end`}>
                    {t("admin.rate")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.clicksByPosition.map((row) => (
                  <tr key={row.position} className={ADMIN_ROW} data-testid="admin-position-row">
                    <td className="px-4 py-2 tabular-nums">{formatNumber(row.position, locale)}</td>
                    <td className="px-4 py-2 text-end tabular-nums">{formatNumber(row.clicks, locale)}</td>
                    <td className="px-4 py-2 text-end tabular-nums">
                      {new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(
                        row.clickThroughRate,
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
