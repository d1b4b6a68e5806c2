import { Link, useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { pageCount, pageHref } from "../lib/paging";
import { useLinkDiscover } from "../lib/static-visitor-page";

/** Previous/next links that keep the other query parameters (filter terms). */
export function Pagination(props: { page: number; total: number; pageSize: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const discover = useLinkDiscover();
  const pages = pageCount(props.total, props.pageSize);
  if (pages <= 1 && props.page <= 1) return null;
  const link =
    "inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-accent hover:text-accent dark:border-slate-700 dark:bg-slate-900";
  const disabled = "pointer-events-none opacity-40";
  return (
    <nav
      aria-label={t("common.pagination")}
      data-testid="pagination"
      className="flex items-center justify-center gap-3"
    >
      {props.page > 1 ? (
        <Link
          to={pageHref(location.pathname, location.search, props.page - 1)}
          className={link}
          rel="prev"
          discover={discover}
        >
          {t("common.previous")}
        </Link>
      ) : (
        <span aria-disabled="true" className={`${link} ${disabled}`}>
          {t("common.previous")}
        </span>
      )}
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {t("common.pageOf", { page: props.page, pages })}
      </span>
      {props.page < pages ? (
        <Link
          to={pageHref(location.pathname, location.search, props.page + 1)}
          className={link}
          rel="next"
          discover={discover}
        >
          {t("common.next")}
        </Link>
      ) : (
        <span aria-disabled="true" className={`${link} ${disabled}`}>
          {t("common.next")}
        </span>
      )}
    </nav>
  );
}
