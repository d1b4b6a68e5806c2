import type { ThreadSummary } from "../../../core/messages/messages.service";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import { LocalLink } from "../localized-link";
import { EmptyState } from "../ui/empty-state";
import { TabBar, TabLink } from "../ui/tabs";

/** A box's conversations, newest activity first; unread ones stand out (decision 086). */
export function ThreadList(props: {
  base: string;
  box: "consumer" | "provider";
  archived: boolean;
  threads: ThreadSummary[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-4">
      <TabBar label={t("messages.inboxTitle")} className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        <TabLink to={props.base} current={!props.archived} data-testid="threads-inbox-tab">
          {t("messages.inboxTab")}
        </TabLink>
        <TabLink to={`${props.base}?view=archived`} current={props.archived} data-testid="threads-archived-tab">
          {t("messages.archivedTab")}
        </TabLink>
      </TabBar>
      {props.threads.length === 0 ? (
        <EmptyState data-testid="threads-empty">
          {props.archived ? t("messages.emptyArchived") : t("messages.empty")}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {props.threads.map((thread) => (
            <li key={thread.id}>
              <LocalLink
                to={`${props.base}/${thread.id}`}
                data-testid="thread-row"
                data-unread={thread.unread ? "true" : "false"}
                className={`flex flex-col gap-1 px-4 py-3.5 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${
                  thread.unread ? "bg-accent/5" : ""
                }`}
              >
                <span className="flex flex-wrap items-center gap-2">
                  {thread.unread && (
                    <span className="rounded-full bg-accent px-2 py-0.5 text-[11px] font-bold text-white">
                      {t("messages.unread")}
                    </span>
                  )}
                  <span dir="auto" className={`break-words ${thread.unread ? "font-bold" : "font-semibold"}`}>
                    {thread.subject}
                  </span>
                </span>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {t("messages.about", { api: thread.apiName })}
                  {props.box === "provider" && thread.consumerUsername
                    ? ` · ${t("messages.from", { user: thread.consumerUsername })}`
                    : ""}
                  {" · "}
                  {formatDate(thread.lastMessageAt, locale)}
                </span>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
