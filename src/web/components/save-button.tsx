import { useTranslation } from "../i18n/use-translation";
import { BookmarkIcon } from "./account-icons";
import { useSocial } from "./social-state";

/** Save/unsave an API (spec section 4): changes at once, then sends; rolled back with a message if refused. */
export function SaveButton(props: { apiId: string; apiName: string; compact?: boolean; className?: string }) {
  const { t } = useTranslation();
  const social = useSocial();
  const saved = social.isSaved(props.apiId);
  const label = saved ? t("follow.unsaveApi", { name: props.apiName }) : t("follow.saveApi", { name: props.apiName });
  return (
    <button
      type="button"
      data-testid="save-button"
      aria-pressed={saved}
      // Icon only on cards: the label names the action; with the word shown, the name starts with it (WCAG 2.5.3).
      aria-label={props.compact ? label : undefined}
      title={label}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        social.toggleSave(props.apiId);
      }}
      className={`relative z-10 inline-flex items-center gap-1.5 rounded-lg border font-semibold transition ${
        props.compact ? "p-1.5 text-xs" : "px-3.5 py-2 text-sm"
      } ${
        saved
          ? "border-accent/60 bg-accent/10 text-accent"
          : "border-slate-300 bg-white text-slate-700 hover:border-accent hover:text-accent dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
      } ${props.className ?? ""}`}
    >
      <BookmarkIcon filled={saved} className="size-4" />
      {!props.compact && (
        <>
          {saved ? t("follow.saved") : t("follow.save")}
          <span className="sr-only"> {props.apiName}</span>
        </>
      )}
    </button>
  );
}
