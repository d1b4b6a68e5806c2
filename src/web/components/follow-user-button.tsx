import { useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { graphqlRequest } from "../lib/graphql-client";
import { CheckIcon, PlusIcon } from "./account-icons";
import { useSocial } from "./social-state";

const FOLLOW = "mutation FollowUser($userId: ID!) { followUser(userId: $userId) { userId following } }";
const UNFOLLOW = "mutation UnfollowUser($userId: ID!) { unfollowUser(userId: $userId) { userId following } }";

/** Follow/unfollow a developer: flips at once, then sends; a refusal flips back with a message (spec section 4). */
export function FollowUserButton(props: {
  userId: string;
  initiallyFollowing: boolean;
  onChange?: (following: boolean) => void;
}) {
  const { t } = useTranslation();
  const social = useSocial();
  const [following, setFollowing] = useState(props.initiallyFollowing);
  const [pending, setPending] = useState(false);

  function toggle() {
    if (!social.signedIn) return social.promptLogin("follow");
    if (pending) return;
    const was = following;
    setFollowing(!was);
    props.onChange?.(!was);
    setPending(true);
    graphqlRequest(was ? UNFOLLOW : FOLLOW, { userId: props.userId })
      .catch(() => {
        setFollowing(was);
        props.onChange?.(was);
        social.notify(t(was ? "follow.unfollowFailed" : "follow.followFailed"));
      })
      .finally(() => setPending(false));
  }

  return (
    <button
      type="button"
      data-testid="follow-user-button"
      aria-pressed={following}
      onClick={toggle}
      className={`inline-flex items-center gap-1.5 rounded-lg border px-4 py-2 text-sm font-semibold transition ${
        following
          ? "border-accent bg-accent-fill text-white hover:brightness-110"
          : "border-slate-300 bg-white hover:border-accent hover:text-accent dark:border-slate-700 dark:bg-slate-900"
      }`}
    >
      {following ? <CheckIcon className="size-4" /> : <PlusIcon className="size-4" />}
      {following ? t("follow.following") : t("follow.followUser")}
    </button>
  );
}
