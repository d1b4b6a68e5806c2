import { useState } from "react";
import { Link, useLocation } from "react-router";
import type { ApiCard } from "../../../core/catalog/catalog.types";
import { listUserDiscussions } from "../../../core/content/user-discussions.service";
import {
  getUserProfile,
  listFollowedApis,
  listFollowUsers,
  listPublishedApis,
} from "../../../core/social/social.service";
import { ApiCardGrid } from "../../components/api-card";
import { FollowUserButton } from "../../components/follow-user-button";
import { LocalLink } from "../../components/localized-link";
import { Container } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { EmptyState } from "../../components/ui/empty-state";
import { UserAvatar } from "../../components/user-avatar";
import { useTranslation } from "../../i18n/use-translation";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { formatDate, formatNumber } from "../../lib/format";
import { notFound, requireUsername } from "../../lib/http-errors";
import { pageMeta } from "../../lib/meta";
import { pageFromUrl } from "../../lib/paging";
import { useLocale } from "../../lib/root-data";
import type { Route } from "./+types/profile";

const PAGE_SIZE = 24;
const TABS = ["published", "following", "followers", "followed"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, string> = {
  published: "profile.tabs.published",
  following: "profile.tabs.following",
  followers: "profile.tabs.followers",
  followed: "profile.tabs.followingUsers",
};
const DISCUSSIONS_PAGE_SIZE = 10;
const FILTERS = ["all", "questions", "answers"] as const;
type DiscussionFilter = (typeof FILTERS)[number];

interface UserCard {
  id: string;
  username: string;
  name: string;
  thumbnail: string | null;
}

function isTab(value: string | null): value is Tab {
  return TABS.includes(value as Tab);
}

/** /user/{username}: profile fields, counts, the four tabs and the discussions table (spec section 2). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const username = requireUsername(params.username);
  const { db, tenant, viewer } = context;
  const profile = await getUserProfile(db, tenant.id, viewer, username);
  if (!profile) notFound();
  const url = new URL(request.url);
  const tabParam = url.searchParams.get("tab");
  const tab: Tab = isTab(tabParam) ? tabParam : "published";
  const filterParam = url.searchParams.get("discussions");
  const filter: DiscussionFilter = FILTERS.includes(filterParam as DiscussionFilter)
    ? (filterParam as DiscussionFilter)
    : "all";
  const page = pageFromUrl(url, PAGE_SIZE);
  let apis: { items: ApiCard[]; total: number } | null = null;
  let users: { items: UserCard[]; total: number } | null = null;
  if (tab === "published") apis = await listPublishedApis(db, tenant.id, viewer, username, page);
  else if (tab === "following") apis = await listFollowedApis(db, tenant.id, viewer, username, page);
  else {
    const result = await listFollowUsers(
      db,
      tenant.id,
      username,
      tab === "followers" ? "followers" : "following",
      page,
    );
    users = {
      items: result.items.map((u) => ({ id: u.id, username: u.username, name: u.name, thumbnail: u.thumbnail })),
      total: result.total,
    };
  }
  // The user's questions and answers, newest first, on APIs the viewer may see; paged with ?dpage= of its own.
  const discussionsPage = pageFromUrl(
    new URL(`${url.origin}?page=${url.searchParams.get("dpage") ?? ""}`),
    DISCUSSIONS_PAGE_SIZE,
  );
  const found = await listUserDiscussions(db, tenant.id, viewer, username, {
    filter,
    offset: discussionsPage.offset,
    limit: discussionsPage.limit,
  });
  const discussions = {
    page: discussionsPage.page,
    total: found.total,
    items: found.items.map((d) => ({
      id: d.id,
      title: d.title,
      type: d.type,
      createdAt: d.createdAt,
      apiName: d.api.name,
      apiHref: `/${encodeURIComponent(d.api.ownerUsername)}/api/${encodeURIComponent(d.api.slug)}`,
      href: `/${encodeURIComponent(d.api.ownerUsername)}/api/${encodeURIComponent(d.api.slug)}/discussions/${encodeURIComponent(d.discussionId)}`,
    })),
  };
  return { profile, tab, filter, page: page.page, apis, users, discussions };
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const { profile } = data as { profile: { username: string; name: string } };
    return [{ path: `/user/${profile.username}`, label: profile.name || profile.username }];
  },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    {
      key: "meta.profileTitle",
      vars: { name: loaderData?.profile.name ?? "", username: loaderData?.profile.username ?? "" },
    },
    { key: "meta.profileDescription", vars: { name: loaderData?.profile.name ?? "" } },
  );

function tabHref(pathname: string, search: string, tab: Tab): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  if (tab === "published") params.delete("tab");
  else params.set("tab", tab);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function filterHref(pathname: string, search: string, filter: DiscussionFilter): string {
  const params = new URLSearchParams(search);
  if (filter === "all") params.delete("discussions");
  else params.set("discussions", filter);
  params.delete("dpage");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function discussionsPageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("dpage");
  else params.set("dpage", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const { profile, tab, filter, discussions } = loaderData;
  const discussionPages = Math.max(1, Math.ceil(discussions.total / DISCUSSIONS_PAGE_SIZE));
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
  const empty: Record<Tab, string> = {
    published: "profile.emptyPublished",
    following: "profile.emptyFollowingApis",
    followers: "profile.emptyFollowers",
    followed: "profile.emptyFollowing",
  };
  const total = loaderData.apis?.total ?? loaderData.users?.total ?? 0;

  return (
    <>
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
                <LocalLink
                  to="/user/settings"
                  data-testid="edit-profile"
                  className="inline-flex rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-accent hover:text-accent dark:border-slate-700"
                >
                  {t("profile.editProfile")}
                </LocalLink>
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
          <nav
            aria-label={t("profile.tabsLabel")}
            data-testid="profile-tabs"
            className="-mb-8 mt-6 flex gap-1 overflow-x-auto"
          >
            {TABS.map((id) => (
              <Link
                key={id}
                to={tabHref(location.pathname, location.search, id)}
                preventScrollReset
                aria-current={tab === id ? "page" : undefined}
                data-testid={`profile-tab-${id}`}
                className="border-b-2 border-transparent px-4 py-3 text-sm font-semibold whitespace-nowrap text-slate-600 hover:text-slate-900 aria-[current=page]:border-accent aria-[current=page]:text-accent dark:text-slate-400 dark:hover:text-white"
              >
                {t(TAB_LABEL[id])}
              </Link>
            ))}
          </nav>
        </Container>
      </div>
      <Container className="flex flex-col gap-10 py-8">
        <section data-testid="profile-tab-panel" className="flex flex-col gap-6">
          {total === 0 ? (
            <EmptyState>{t(empty[tab])}</EmptyState>
          ) : loaderData.apis ? (
            <ApiCardGrid apis={loaderData.apis.items} />
          ) : (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {loaderData.users?.items.map((u) => (
                <li key={u.id}>
                  <LocalLink
                    to={`/user/${encodeURIComponent(u.username)}`}
                    data-testid="user-card"
                    className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:border-accent dark:border-slate-800 dark:bg-slate-900"
                  >
                    <UserAvatar name={u.name || u.username} thumbnail={u.thumbnail} />
                    <span className="min-w-0">
                      <span dir="auto" className="block truncate font-semibold">
                        {u.name || u.username}
                      </span>
                      <span className="block truncate text-xs text-slate-500">@{u.username}</span>
                    </span>
                  </LocalLink>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={loaderData.page} total={total} pageSize={PAGE_SIZE} />
        </section>
        <section aria-labelledby="discussions-title" data-testid="profile-discussions">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="discussions-title" className="text-xl font-bold tracking-tight">
              {t("profile.discussions")}
            </h2>
            <nav
              aria-label={t("profile.discussionFilters")}
              className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900"
            >
              {FILTERS.map((f) => (
                <Link
                  key={f}
                  to={filterHref(location.pathname, location.search, f)}
                  preventScrollReset
                  aria-current={filter === f ? "page" : undefined}
                  data-testid={`discussion-filter-${f}`}
                  className="rounded-md px-3 py-1 text-sm font-medium text-slate-600 aria-[current=page]:bg-white aria-[current=page]:text-slate-900 aria-[current=page]:shadow-sm dark:text-slate-400 dark:aria-[current=page]:bg-slate-800 dark:aria-[current=page]:text-white"
                >
                  {t(
                    f === "all"
                      ? "profile.filterAll"
                      : f === "questions"
                        ? "profile.filterQuestions"
                        : "profile.filterAnswers",
                  )}
                </Link>
              ))}
            </nav>
          </div>
          <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
            <table className="w-full text-start text-sm">
              <thead className="bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-900 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-4 py-2 text-start">
                    {t("profile.discussionTitle")}
                  </th>
                  <th scope="col" className="px-4 py-2 text-start">
                    {t("profile.discussionType")}
                  </th>
                  <th scope="col" className="px-4 py-2 text-start">
                    {t("profile.discussionApi")}
                  </th>
                  <th scope="col" className="px-4 py-2 text-start">
                    {t("profile.discussionDate")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {discussions.items.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="px-4 py-6 text-center text-slate-500" data-testid="no-discussions">
                      {t("profile.noDiscussions")}
                    </td>
                  </tr>
                ) : (
                  discussions.items.map((d) => (
                    <tr
                      key={`${d.type}-${d.id}`}
                      data-testid="profile-discussion-row"
                      data-type={d.type}
                      className="border-t border-slate-100 dark:border-slate-800"
                    >
                      <td dir="auto" className="px-4 py-2">
                        <LocalLink to={d.href} className="font-medium hover:text-accent hover:underline">
                          {d.title}
                        </LocalLink>
                      </td>
                      <td className="px-4 py-2 text-slate-600 dark:text-slate-400">
                        {t(d.type === "answer" ? "profile.typeAnswer" : "profile.typeQuestion")}
                      </td>
                      <td dir="auto" className="px-4 py-2">
                        <LocalLink to={d.apiHref} className="hover:text-accent hover:underline">
                          {d.apiName}
                        </LocalLink>
                      </td>
                      <td className="px-4 py-2">{formatDate(d.createdAt, locale)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          {discussionPages > 1 && (
            <nav aria-label={t("common.pagination")} className="mt-3 flex items-center justify-center gap-3 text-sm">
              {discussions.page > 1 && (
                <Link
                  to={discussionsPageHref(location.pathname, location.search, discussions.page - 1)}
                  preventScrollReset
                  rel="prev"
                  className="font-semibold text-accent hover:underline"
                >
                  {t("common.previous")}
                </Link>
              )}
              <span className="text-slate-500">
                {t("common.pageOf", { page: discussions.page, pages: discussionPages })}
              </span>
              {discussions.page < discussionPages && (
                <Link
                  to={discussionsPageHref(location.pathname, location.search, discussions.page + 1)}
                  preventScrollReset
                  rel="next"
                  data-testid="profile-discussions-next"
                  className="font-semibold text-accent hover:underline"
                >
                  {t("common.next")}
                </Link>
              )}
            </nav>
          )}
        </section>
      </Container>
    </>
  );
}
