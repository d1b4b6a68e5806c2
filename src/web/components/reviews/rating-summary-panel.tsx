import { useTranslation } from "../../i18n/use-translation";
import { formatNumber } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import { RatingStars } from "../rating-stars";
import type { RatingSummaryView } from "./review-types";

/** The API's average, count and 1-5 distribution; generated demo numbers say so and show no distribution. */
export function RatingSummaryPanel(props: { summary: RatingSummaryView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { summary } = props;
  const counts = summary.distribution ?? [0, 0, 0, 0, 0];
  const max = Math.max(1, ...counts);
  return (
    <section
      data-testid="rating-summary"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-end gap-3">
        <span data-testid="rating-average" className="text-4xl font-bold tracking-tight">
          {summary.votes > 0
            ? summary.average.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
            : "–"}
        </span>
        <div className="flex flex-col gap-1 pb-1">
          <RatingStars rating={summary.average} votes={summary.votes} isDemo={summary.isDemo} compact />
          <span data-testid="rating-count" className="text-xs text-slate-500 dark:text-slate-400">
            {t("ratings.basedOn", { count: summary.votes, formattedCount: formatNumber(summary.votes, locale) })}
          </span>
        </div>
      </div>
      {summary.isDemo ? (
        <p
          data-testid="rating-demo-notice"
          className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-500/10 dark:text-amber-200"
        >
          {t("ratings.demoNotice")}
        </p>
      ) : (
        <ol data-testid="rating-distribution" className="mt-4 flex flex-col gap-1.5">
          {[5, 4, 3, 2, 1].map((stars) => {
            const count = counts[stars - 1] ?? 0;
            return (
              <li
                key={stars}
                className="flex items-center gap-2 text-xs"
                aria-label={t("ratings.distributionLabel", { stars, count })}
              >
                <span aria-hidden="true" className="w-6 shrink-0 text-end font-medium">
                  {stars}★
                </span>
                <span
                  aria-hidden="true"
                  className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                >
                  <span
                    className="block h-full rounded-full bg-amber-400"
                    style={{ width: `${(count / max) * 100}%` }}
                  />
                </span>
                <span aria-hidden="true" className="w-8 shrink-0 text-slate-500 tabular-nums dark:text-slate-400">
                  {formatNumber(count, locale)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
