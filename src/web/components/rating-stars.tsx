import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { useLocale } from "../lib/root-data";

/**
 * Five stars filled to the rating (0-5), plus the vote count. `isDemo` marks generated demo numbers (decision 080):
 * they carry a "Demo" tag wherever they are shown, so they are never taken for real ratings.
 */
export function RatingStars(props: { rating: number; votes: number; compact?: boolean; isDemo?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rating = Math.max(0, Math.min(5, props.rating));
  if (props.votes === 0) {
    return <span className="text-xs text-slate-500 dark:text-slate-400">{t("api.noRatings")}</span>;
  }
  const label = t(props.isDemo ? "ratings.demoLabel" : "api.ratingLabel", {
    rating: formatNumber(rating, locale, 1),
    votes: formatNumber(props.votes, locale),
  });
  return (
    <span
      className="inline-flex items-center gap-1.5"
      title={label}
      data-rating-demo={props.isDemo ? "true" : undefined}
    >
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className="relative inline-flex">
        <Stars className="text-slate-300 dark:text-slate-600" />
        <span className="absolute inset-y-0 start-0 overflow-hidden" style={{ width: `${(rating / 5) * 100}%` }}>
          <Stars className="text-amber-400" />
        </span>
      </span>
      <span aria-hidden="true" className="text-xs font-semibold text-slate-700 dark:text-slate-200">
        {formatNumber(rating, locale, 1)}
      </span>
      {!props.compact && (
        <span aria-hidden="true" className="text-xs text-slate-500 dark:text-slate-400">
          ({formatNumber(props.votes, locale)})
        </span>
      )}
      {props.isDemo && (
        <span
          aria-hidden="true"
          data-testid="rating-demo"
          className="rounded bg-amber-100 px-1 text-[10px] font-semibold tracking-wide text-amber-800 uppercase dark:bg-amber-500/15 dark:text-amber-300"
        >
          {t("ratings.demoTag")}
        </span>
      )}
    </span>
  );
}

/**
 * Five stars as one element: a CSS mask of the star repeated across (app.css `.star-row`). An API card used to carry
 * ten inline SVGs for this, 400 of the hub's 580 SVG elements and a tenth of its HTML.
 */
function Stars(props: { className: string }) {
  return <span className={`star-row shrink-0 ${props.className}`} />;
}
