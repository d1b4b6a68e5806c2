import { useTranslation } from "../i18n/use-translation";
import { type CompareItem, compareHref } from "../lib/compare-selection";
import { CloseIcon } from "./icons";
import { ButtonLink } from "./ui/button";

/** The small bar at the bottom of the screen listing the APIs picked for comparison, with the way to compare them. */
export function CompareTray(props: {
  items: readonly CompareItem[];
  onRemove: (ref: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const { items } = props;
  if (items.length === 0) return null;
  const ready = items.length >= 2;
  return (
    <aside
      data-testid="compare-tray"
      aria-label={t("compare.trayLabel")}
      className="fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-3xl flex-wrap items-center gap-2 rounded-2xl border border-slate-200 bg-white/95 p-2.5 shadow-xl backdrop-blur sm:inset-x-4 sm:bottom-4 dark:border-slate-700 dark:bg-slate-900/95"
    >
      <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5">
        {items.map((item) => (
          <li
            key={item.ref}
            data-testid="compare-tray-item"
            className="inline-flex max-w-[12rem] items-center gap-1 rounded-full bg-slate-100 py-1 ps-3 pe-1 text-xs font-medium dark:bg-slate-800"
          >
            <span dir="auto" className="truncate">
              {item.name}
            </span>
            <button
              type="button"
              onClick={() => props.onRemove(item.ref)}
              aria-label={t("compare.remove", { name: item.name })}
              className="rounded-full p-0.5 text-slate-500 dark:text-slate-400 hover:bg-slate-200 hover:text-slate-800 dark:hover:bg-slate-700 dark:hover:text-white"
            >
              <CloseIcon className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex shrink-0 items-center gap-2">
        <button
          type="button"
          onClick={props.onClear}
          className="h-9 rounded-lg px-3 text-xs font-semibold text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
        >
          {t("compare.clear")}
        </button>
        {ready ? (
          <ButtonLink
            to={compareHref(items.map((i) => i.ref))}
            data-testid="compare-tray-go"
            size="custom"
            className="inline-flex h-9 items-center rounded-lg px-4 text-sm"
          >
            {t("compare.trayGo", { count: items.length })}
          </ButtonLink>
        ) : (
          <span className="text-xs text-slate-500 dark:text-slate-400">{t("compare.trayHint")}</span>
        )}
      </div>
    </aside>
  );
}
