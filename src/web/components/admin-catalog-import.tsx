import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { DirectoryProgress } from "../../core/catalog/directory-progress";
import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { useLocale } from "../lib/root-data";

/** How often the page asks again while the import runs. */
const REFRESH_MS = 5_000;

/** /admin: the background import of the APIs.guru directory, as a progress bar that refreshes while it runs. */
export function CatalogImportProgress(props: { progress: DirectoryProgress }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const { total, done, failed, running } = props.progress;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const vars = {
    done: formatNumber(done, locale),
    total: formatNumber(total ?? 0, locale),
    failed: formatNumber(failed, locale),
  };
  const text = running
    ? t(total === null ? "admin.catalogImport.runningNoTotal" : "admin.catalogImport.running", vars)
    : t("admin.catalogImport.finished", vars);
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : running ? 0 : 100;
  return (
    <section
      data-testid="catalog-import"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="text-sm font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
        {t("admin.catalogImport.title")}
      </h2>
      <p className="mt-2 text-sm">{text}</p>
      <div
        role="progressbar"
        aria-label={t("admin.catalogImport.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}
