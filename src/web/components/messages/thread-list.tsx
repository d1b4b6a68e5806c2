import type { ThreadSummary } from "../../../core/messages/messages.service";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../lib/format";
import { useLocale } from "../../lib/root-data";
import { LocalLink } from "../localized-link";

/** A box's conversations, newest activity first; unread ones stand out (decision 086). */
export function ThreadList(props: {
  base: string;
  box: "consumer" | "provider";
  archived: boolean;
  threads: ThreadSummary[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tabClass =
    "border-b-2 border-transparent px-4 py-2.5 text-sm font-semibold text-slate-600 aria-[current=page]:border-accent aria-[current=page]:text-accent dark:text-slate-400";
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={t("messages.inboxTitle")} className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        <LocalLink
          to={props.base}
          aria-current={props.archived ? undefined : "page"}
          data-testid="threads-inbox-tab"
          className={tabClass}
        >
          {t("messages.inboxTab")}
        </LocalLink>
        <LocalLink
          to={`${props.base}?view=archived`}
          aria-current={props.archived ? "page" : undefined}
          data-testid="threads-archived-tab"
          className={tabClass}
        >
          {t("messages.archivedTab")}
        </LocalLink>
      </nav>
      {props.threads.length === 0 ? (
        <p
          data-testid="threads-empty"
          className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-500 dark:border-slate-700"
        >
          {props.archived ? t("messages.emptyArchived") : t("messages.empty")}
        </p>
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
