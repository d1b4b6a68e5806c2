import { type ReactNode, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate, formatNumber } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import type { ProfileView } from "../../routes/user/profile";
import { FollowUserButton } from "../follow-user-button";
import { Container } from "../page-header";
import { ButtonLink } from "../ui/button";
import { UserAvatar } from "../user-avatar";

/**
 * The top of /user/{username}: avatar, name, details, bio, join date, Edit profile (own) or Follow (others), and the
 * four counts; following or unfollowing here updates the followers count at once. `tabs` sits under the counts.
 */
export function ProfileHeader(props: { profile: ProfileView; tabs: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { profile } = props;
  const [followerDelta, setFollowerDelta] = useState(0);
  const counts = [
    { key: "profile.counts.publishedApis", value: profile.counts.publishedApis, testId: "count-published" },
    { key: "profile.counts.followingApis", value: profile.counts.followingApis, testId: "count-following-apis" },
    { key: "profile.counts.followers", value: profile.counts.followers + followerDelta, testId: "count-followers" },
    { key: "profile.counts.following", value: profile.counts.following, testId: "count-following" },
  ];
  const details = [
    { key: "profile.position", value: profile.position },
    { key: "profile.company", value: profile.company },
    { key: "profile.location", value: profile.location },
  ].filter((d) => d.value);
  return (
    <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/40">
      <Container className="py-8">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <UserAvatar name={profile.name || profile.username} thumbnail={profile.thumbnail} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 data-testid="profile-name" dir="auto" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {profile.name || profile.username}
            </h1>
            <p className="text-slate-500 dark:text-slate-400">@{profile.username}</p>
            {details.length > 0 && (
              <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
                {details.map((d) => (
                  <div key={d.key} className="flex gap-1.5">
                    <dt className="text-slate-500 dark:text-slate-400">{t(d.key)}:</dt>
                    <dd dir="auto" className="font-medium">
                      {d.value}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {profile.bio && (
              <p
                dir="auto"
                data-testid="profile-bio"
                className="mt-3 max-w-3xl whitespace-pre-line text-slate-700 dark:text-slate-300"
              >
                {profile.bio}
              </p>
            )}
            <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
              {t("profile.joined", { date: formatDate(profile.joinedAt, locale) })}
            </p>
          </div>
          <div className="shrink-0">
            {profile.isViewer ? (
              <ButtonLink to="/user/settings" data-testid="edit-profile" variant="outline" className="inline-flex">
                {t("profile.editProfile")}
              </ButtonLink>
            ) : (
              <FollowUserButton
                userId={profile.id}
                initiallyFollowing={profile.viewerFollows}
                onChange={(following) => setFollowerDelta((following ? 1 : 0) - (profile.viewerFollows ? 1 : 0))}
              />
            )}
          </div>
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counts.map((c) => (
            <div key={c.key} className="flex flex-col-reverse rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-900">
              <dt className="text-xs text-slate-500 dark:text-slate-400">{t(c.key)}</dt>
              <dd data-testid={c.testId} className="text-xl font-bold">
                {formatNumber(c.value, locale)}
              </dd>
            </div>
          ))}
        </dl>
        {props.tabs}
      </Container>
    </div>
  );
}
