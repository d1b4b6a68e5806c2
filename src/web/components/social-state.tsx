import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { graphqlRequest } from "../lib/graphql-client";
import type { SessionData } from "../lib/session-types";
import { LoginPrompt, type PromptReason } from "./login-prompt";
import { NoticeToast } from "./notice-toast";

const FOLLOW_API = "mutation Follow($apiId: ID!) { followApi(apiId: $apiId) { id apiId status } }";
const UNFOLLOW_API = "mutation Unfollow($apiId: ID!) { unfollowApi(apiId: $apiId) { apiId following } }";
const SAVE_API =
  "mutation Save($apiId: ID!, $status: Int!) { saveUserApi(apiId: $apiId, status: $status) { apiId status } }";

interface SocialValue {
  signedIn: boolean;
  isFollowing(apiId: string): boolean;
  isSaved(apiId: string): boolean;
  /** +1/-1/0: how the viewer's follow changed since the page was loaded (for follower counts). */
  followDelta(apiId: string): number;
  toggleFollow(apiId: string): void;
  toggleSave(apiId: string): void;
  /** The sign-in/up prompt of spec section 6 for signed-out visitors. */
  promptLogin(reason: PromptReason): void;
  /** A short message (a refused change, rolled back). */
  notify(message: string): void;
}

const SocialContext = createContext<SocialValue | null>(null);

function withItem(set: ReadonlySet<string>, id: string, present: boolean): Set<string> {
  const next = new Set(set);
  if (present) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * Spec section 4: follow/unfollow and save/unsave change the local state at once and then send the change; when the
 * server refuses, the change is rolled back and a message says so. One change per API at a time.
 */
export function SocialProvider(props: { session: SessionData | null; children: ReactNode }) {
  const { t } = useTranslation();
  const initialFollowed = useMemo(() => new Set(props.session?.followedApiIds ?? []), [props.session]);
  const [followed, setFollowed] = useState<ReadonlySet<string>>(initialFollowed);
  const [saved, setSaved] = useState<ReadonlySet<string>>(() => new Set(props.session?.savedApiIds ?? []));
  const [notice, setNotice] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<PromptReason | null>(null);
  const pending = useRef(new Set<string>());
  const signedIn = props.session !== null;

  const notify = useCallback((message: string) => setNotice(message), []);

  const toggleFollow = useCallback(
    (apiId: string) => {
      if (!signedIn) return setPrompt("follow");
      const key = `follow:${apiId}`;
      if (pending.current.has(key)) return;
      pending.current.add(key);
      const was = followed.has(apiId);
      setFollowed((current) => withItem(current, apiId, !was));
      graphqlRequest(was ? UNFOLLOW_API : FOLLOW_API, { apiId })
        .catch(() => {
          setFollowed((current) => withItem(current, apiId, was));
          setNotice(t(was ? "follow.unfollowFailed" : "follow.followFailed"));
        })
        .finally(() => pending.current.delete(key));
    },
    [signedIn, followed, t],
  );

  const toggleSave = useCallback(
    (apiId: string) => {
      if (!signedIn) return setPrompt("save");
      const key = `save:${apiId}`;
      if (pending.current.has(key)) return;
      pending.current.add(key);
      const was = saved.has(apiId);
      setSaved((current) => withItem(current, apiId, !was));
      graphqlRequest(SAVE_API, { apiId, status: was ? 0 : 1 })
        .catch(() => {
          setSaved((current) => withItem(current, apiId, was));
          setNotice(t(was ? "follow.unsaveFailed" : "follow.saveFailed"));
        })
        .finally(() => pending.current.delete(key));
    },
    [signedIn, saved, t],
  );

  const value = useMemo<SocialValue>(
    () => ({
      signedIn,
      isFollowing: (id) => followed.has(id),
      isSaved: (id) => saved.has(id),
      followDelta: (id) => (followed.has(id) ? 1 : 0) - (initialFollowed.has(id) ? 1 : 0),
      toggleFollow,
      toggleSave,
      promptLogin: setPrompt,
      notify,
    }),
    [signedIn, followed, saved, initialFollowed, toggleFollow, toggleSave, notify],
  );

  return (
    <SocialContext.Provider value={value}>
      {props.children}
      <LoginPrompt reason={prompt} onClose={() => setPrompt(null)} />
      <NoticeToast message={notice} onDismiss={() => setNotice(null)} />
    </SocialContext.Provider>
  );
}

export function useSocial(): SocialValue {
  const value = useContext(SocialContext);
  if (!value) throw new Error("useSocial needs the SocialProvider of the app shell");
  return value;
}
