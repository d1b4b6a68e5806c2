import { useLocation } from "react-router";
import type { ApiCard } from "../../../core/catalog/catalog.types";
import { listUserDiscussions } from "../../../core/content/user-discussions.service";
import {
  getUserProfile,
  listFollowedApis,
  listFollowUsers,
  listPublishedApis,
} from "../../../core/social/social.service";
import { ApiCardGrid } from "../../components/api-card";
import { LocalLink } from "../../components/localized-link";
import { Container } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { ProfileDiscussions } from "../../components/profile/profile-discussions";
import { ProfileHeader } from "../../components/profile/profile-header";
import { EmptyState } from "../../components/ui/empty-state";
import { TabBar, TabLink } from "../../components/ui/tabs";
import { UserAvatar } from "../../components/user-avatar";
import { useTranslation } from "../../i18n/use-translation";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { notFound, requireUsername } from "../../lib/http-errors";
import { pageMeta } from "../../lib/meta";
import { pageFromUrl } from "../../lib/paging";
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
export type DiscussionFilter = (typeof FILTERS)[number];

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
  const profile = await getUserProfile({ db, tenantId: tenant.id, viewer }, username);
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
  if (tab === "published") apis = await listPublishedApis({ db, tenantId: tenant.id, viewer }, username, page);
  else if (tab === "following") apis = await listFollowedApis({ db, tenantId: tenant.id, viewer }, username, page);
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
  const found = await listUserDiscussions({ db, tenantId: tenant.id, viewer }, username, {
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

/** The profile part of the loader's answer (the header's props). */
export type ProfileView = Route.ComponentProps["loaderData"]["profile"];
export type ProfileDiscussionsView = Route.ComponentProps["loaderData"]["discussions"];

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { profile, tab, filter, discussions } = loaderData;
  const empty: Record<Tab, string> = {
    published: "profile.emptyPublished",
    following: "profile.emptyFollowingApis",
    followers: "profile.emptyFollowers",
    followed: "profile.emptyFollowing",
  };
  const total = loaderData.apis?.total ?? loaderData.users?.total ?? 0;

  return (
    <>
      <ProfileHeader
        profile={profile}
        tabs={
          <TabBar
            label={t("profile.tabsLabel")}
            testId="profile-tabs"
            // Phones (issue 18): the four tabs scroll sideways, snap, and the cut edge fades so more is visibly there.
            className="-mx-4 -mb-8 mt-6 flex snap-x gap-0.5 overflow-x-auto px-4 [mask-image:linear-gradient(to_right,black_92%,transparent)] [scrollbar-width:none] rtl:[mask-image:linear-gradient(to_left,black_92%,transparent)] sm:mx-0 sm:gap-1 sm:px-0 sm:[mask-image:none]"
          >
            {TABS.map((id) => (
              <TabLink
                key={id}
                localized={false}
                to={tabHref(location.pathname, location.search, id)}
                preventScrollReset
                current={tab === id}
                spacing="shrink-0 snap-start px-3 py-3 sm:px-4"
                data-testid={`profile-tab-${id}`}
              >
                {t(TAB_LABEL[id])}
              </TabLink>
            ))}
          </TabBar>
        }
      />
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
                      <span className="block truncate text-xs text-slate-500 dark:text-slate-400">@{u.username}</span>
                    </span>
                  </LocalLink>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={loaderData.page} total={total} pageSize={PAGE_SIZE} />
        </section>
        <ProfileDiscussions discussions={discussions} filter={filter} pageSize={DISCUSSIONS_PAGE_SIZE} />
      </Container>
    </>
  );
}
