import { useTranslation } from "../i18n/use-translation";
import { CheckIcon, PlusIcon } from "./account-icons";
import { useSocial } from "./social-state";

/**
 * Follow/unfollow an API (spec section 4): the label flips at once, then the change is sent; a refusal flips it
 * back with a message. Signed-out visitors get the login/register prompt.
 */
export function FollowButton(props: { apiId: string; apiName: string; compact?: boolean; className?: string }) {
  const { t } = useTranslation();
  const social = useSocial();
  const following = social.isFollowing(props.apiId);
  return (
    <button
      type="button"
      data-testid="follow-button"
      aria-pressed={following}
      title={props.compact ? (following ? t("follow.following") : t("follow.follow")) : undefined}
      // Icon only on cards: the label names the action; with the word shown, the name starts with it (WCAG 2.5.3).
      aria-label={
        props.compact
          ? following
            ? t("follow.unfollowApi", { name: props.apiName })
            : t("follow.followApi", { name: props.apiName })
          : undefined
      }
      onClick={(event) => {
        // Cards are links over their whole area; the button acts on its own.
        event.preventDefault();
        event.stopPropagation();
        social.toggleFollow(props.apiId);
      }}
      className={`toggle-button ${props.compact ? "p-1.5 text-xs" : "px-3.5 py-2 text-sm"} ${
        following ? "border-accent bg-accent-fill text-white hover:brightness-110" : "toggle-off-strong"
      } ${props.className ?? ""}`}
    >
      {following ? <CheckIcon className="size-4" /> : <PlusIcon className="size-4" />}
      {/* Cards show the icon only (the label is in aria-label and title); the API page shows the word too. */}
      {!props.compact && (
        <>
          {following ? t("follow.following") : t("follow.follow")}
          <span className="sr-only"> {props.apiName}</span>
        </>
      )}
    </button>
  );
}
