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
      // The card's tooltip is the short word, as Follow's (the full label is the accessible name already).
      title={props.compact ? (saved ? t("follow.saved") : t("follow.save")) : label}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        social.toggleSave(props.apiId);
      }}
      className={`toggle-button ${props.compact ? "p-1.5 text-xs" : "px-3.5 py-2 text-sm"} ${
        saved ? "toggle-on" : "toggle-off"
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
