import { LocalLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/use-translation";
import type { SpotlightView } from "./spotlights-strip.server";

/** Spec section 4: a spotlight is a draft, published, or unpublished. */
export function SpotlightStateLabel(props: { state: string }) {
  const { t } = useTranslation();
  const styles: Record<string, string> = {
    published: "bg-success/15 text-emerald-800 dark:text-emerald-300",
    draft: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
    unpublished: "bg-slate-500/15 text-slate-700 dark:text-slate-300",
  };
  return (
    <span
      data-testid="spotlight-state"
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${styles[props.state] ?? styles.draft}`}
    >
      {t(`content.${props.state === "published" || props.state === "unpublished" ? props.state : "draft"}`)}
    </span>
  );
}

/** Published spotlights as a horizontally scrolling strip above the API page's tabs (scroll-snap, no script). */
export function SpotlightStrip(props: { spotlights: SpotlightView[]; canManage: boolean; manageHref: string }) {
  const { t } = useTranslation();
  if (props.spotlights.length === 0 && !props.canManage) return null;
  // No heading over nothing: with no published spotlight its managers get a line that says so and the way to add one.
  if (props.spotlights.length === 0) {
    return (
      <p data-testid="spotlight-strip-empty" className="mt-5 text-sm text-slate-600 dark:text-slate-400">
        {t("content.spotlights.noneYet")}{" "}
        <LocalLink
          to={props.manageHref}
          data-testid="spotlights-manage-link"
          className="font-semibold text-accent hover:underline"
        >
          {t("content.spotlights.manage")}
        </LocalLink>
      </p>
    );
  }
  return (
    <section aria-label={t("content.spotlights.stripLabel")} data-testid="spotlight-strip" className="mt-5">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 className="text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
          {t("content.spotlights.heading")}
        </h2>
        {props.canManage && (
          <LocalLink
            to={props.manageHref}
            data-testid="spotlights-manage-link"
            className="text-sm font-semibold text-accent hover:underline"
          >
            {t("content.spotlights.manage")}
          </LocalLink>
        )}
      </div>
      {props.spotlights.length > 0 && (
        <ul className="flex snap-x snap-mandatory gap-3 overflow-x-auto pb-2">
          {props.spotlights.map((s) => (
            <li key={s.id} className="w-64 shrink-0 snap-start">
              <a
                href={s.href ?? "#"}
                target="_blank"
                rel="noopener noreferrer nofollow"
                data-testid="spotlight-card"
                className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white transition hover:border-accent dark:border-slate-800 dark:bg-slate-900"
              >
                {s.fileIsImage && s.fileUrl ? (
                  <img
                    src={s.fileUrl}
                    alt=""
                    loading="lazy"
                    className="aspect-[16/9] w-full bg-slate-100 object-cover dark:bg-slate-800"
                  />
                ) : (
                  <div aria-hidden="true" className="h-1.5 w-full bg-gradient-to-r from-accent to-accent/30" />
                )}
                <div className="flex flex-1 flex-col gap-1 p-3">
                  <span dir="auto" className="line-clamp-2 font-semibold break-words">
                    {s.title}
                  </span>
                  {s.description && (
                    <span dir="auto" className="line-clamp-2 text-xs text-slate-600 dark:text-slate-400">
                      {s.description}
                    </span>
                  )}
                  <span className="mt-auto pt-1 text-xs font-semibold text-accent">
                    {s.url ? t("content.spotlights.open") : t("content.spotlights.download")} ↗
                  </span>
                </div>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
