import { Link, useLocation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import type { DiscussionFilter, ProfileDiscussionsView } from "../../routes/user/profile";
import { LocalLink } from "../localized-link";
import { DataTable } from "../ui/data-table";
import { TabLink } from "../ui/tabs";

const FILTERS: DiscussionFilter[] = ["all", "questions", "answers"];

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

/**
 * The user's questions and answers on /user/{username}: All / Questions / Answers, a table of title, type, API and
 * date, and its own pager (?dpage=, so the tabs above keep their page).
 */
export function ProfileDiscussions(props: {
  discussions: ProfileDiscussionsView;
  filter: DiscussionFilter;
  pageSize: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const { discussions, filter } = props;
  const discussionPages = Math.max(1, Math.ceil(discussions.total / props.pageSize));
  return (
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
            <TabLink
              key={f}
              look="segment"
              localized={false}
              to={filterHref(location.pathname, location.search, f)}
              preventScrollReset
              current={filter === f}
              data-testid={`discussion-filter-${f}`}
            >
              {t(
                f === "all"
                  ? "profile.filterAll"
                  : f === "questions"
                    ? "profile.filterQuestions"
                    : "profile.filterAnswers",
              )}
            </TabLink>
          ))}
        </nav>
      </div>
      <DataTable
        boxClassName="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
        className="text-start text-sm"
        headClassName="bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-900 dark:text-slate-400"
        rows={discussions.items}
        rowKey={(d) => `${d.type}-${d.id}`}
        rowAttributes={(d) => ({ "data-testid": "profile-discussion-row", "data-type": d.type })}
        empty={t("profile.noDiscussions")}
        emptyTestId="no-discussions"
        columns={[
          {
            id: "title",
            header: t("profile.discussionTitle"),
            dir: "auto",
            cell: (d) => (
              <LocalLink to={d.href} className="font-medium hover:text-accent hover:underline">
                {d.title}
              </LocalLink>
            ),
          },
          {
            id: "type",
            header: t("profile.discussionType"),
            cellClassName: "text-slate-600 dark:text-slate-400",
            cell: (d) => t(d.type === "answer" ? "profile.typeAnswer" : "profile.typeQuestion"),
          },
          {
            id: "api",
            header: t("profile.discussionApi"),
            dir: "auto",
            cell: (d) => (
              <LocalLink to={d.apiHref} className="hover:text-accent hover:underline">
                {d.apiName}
              </LocalLink>
            ),
          },
          { id: "date", header: t("profile.discussionDate"), cell: (d) => formatDate(d.createdAt, locale) },
        ]}
      />
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
          <span className="text-slate-500 dark:text-slate-400">
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
  );
}
