import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { formatDate, formatRelativeTime } from "../lib/format";
import { graphqlRequest } from "../lib/graphql-client";
import { nextPollDelay, POLL_MIN_MS } from "../lib/poll-backoff";
import { useLocale, useLocalize, useRootData } from "../lib/root-data";
import { BellIcon } from "./icons";
import { useDismiss } from "./ui/menu";

/** Spec section 9: preload 10 at offset 0, then 10 more from the current count. */
const _PAGE_SIZE = 10;

interface TrayNotification {
  id: string;
  isRead: boolean;
  isNew: boolean;
  title: string;
  createdAt: string;
  type: string;
  body: string;
  callToAction: { label: string; url: string } | null;
  image: string | null;
  kind: string | null;
  params: { name: string; value: string }[];
}

interface TrayPage {
  nodes: TrayNotification[];
  hasMore: boolean;
  unreadCount: number;
}

// The spec's tray page (PAGE_SIZE, 10) is written into the document, so the query costs 10 rows (decision 023).
const LIST_QUERY = `query Notifications($offset: Int) {
  newNotificationsByUserId(size: 10, offset: $offset) {
    nodes { id isRead isNew title createdAt type body image callToAction { label url } kind params { name value } }
    hasMore unreadCount
  }
}`;

const COUNT_QUERY = `query NotificationsCount { newNotificationsByUserId(size: 1) { unreadCount } }`;

/** New notifications appear without a reload: the badge polls, every 30 s while things change, backing off to 5 min. */

const MARK_MUTATION = `mutation MarkNotification($id: ID, $isRead: Boolean) {
  markNewNotificationAsRead(notificationId: $id, isRead: $isRead) { unreadCount }
}`;

const TYPE_DOT: Record<string, string> = { info: "bg-accent-fill", error: "bg-danger", other: "bg-slate-400" };

/**
 * Spec "Layout" notifications tray and section 4: a bell with the unread count; opening it loads the newest 10, "Load
 * more" the next 10 from the current count; 'has more' is off when fewer than 10 arrive. Each notification can be
 * marked read ("unread to read"), or all at once. Bodies arrive sanitized from the server (GraphQL).
 */
export function NotificationsTray(props: { className?: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  const locale = useLocale();
  const localize = useLocalize();
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(root?.notificationsUnread ?? 0);
  const [items, setItems] = useState<TrayNotification[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // The badge's poll (decision 085): paused while the tab is hidden, doubled after each unchanged or failed answer.
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = POLL_MIN_MS;
    let last = root?.notificationsUnread ?? 0;
    let stopped = false;
    const schedule = () => {
      if (!stopped) timer = setTimeout(poll, delay);
    };
    async function poll() {
      if (document.visibilityState === "hidden") return schedule();
      try {
        const data = await graphqlRequest<{ newNotificationsByUserId: { unreadCount: number } }>(COUNT_QUERY, {});
        const count = data.newNotificationsByUserId.unreadCount;
        delay = nextPollDelay(delay, count !== last);
        if (count !== last) {
          // A new notification while the tray is open shows at the top of the list.
          if (count > last && openRef.current) void loadRef.current(0);
          last = count;
          setUnread(count);
        }
      } catch {
        delay = nextPollDelay(delay, false);
      }
      schedule();
    }
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      clearTimeout(timer);
      delay = POLL_MIN_MS;
      void poll();
    };
    document.addEventListener("visibilitychange", onVisible);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [root?.notificationsUnread]);

  useDismiss(open, () => setOpen(false), container);

  async function load(offset: number) {
    setBusy(true);
    setFailed(false);
    try {
      const data = await graphqlRequest<{ newNotificationsByUserId: TrayPage }>(LIST_QUERY, { offset });
      const page = data.newNotificationsByUserId;
      setItems((current) => (offset === 0 || !current ? page.nodes : [...current, ...page.nodes]));
      setHasMore(page.hasMore);
      setUnread(page.unreadCount);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  async function markRead(id: string | null) {
    // Shown at once; the server's count replaces the local one when it answers.
    setItems(
      (current) => current?.map((n) => (id === null || n.id === id ? { ...n, isRead: true, isNew: false } : n)) ?? null,
    );
    try {
      const data = await graphqlRequest<{ markNewNotificationAsRead: { unreadCount: number } }>(MARK_MUTATION, {
        id,
        isRead: true,
      });
      setUnread(data.markNewNotificationAsRead.unreadCount);
    } catch {
      await load(0);
    }
  }

  const loadRef = useRef(load);
  loadRef.current = load;

  /** Event notifications show their title in the reader's language (catalog notifications.events.<kind>). */
  function titleOf(n: TrayNotification): string {
    if (!n.kind) return n.title;
    const key = `notifications.events.${n.kind}`;
    const params = Object.fromEntries(n.params.map((p) => [p.name, p.value]));
    const text = t(key, params);
    return text === key ? n.title : text;
  }

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next) void load(0);
  }

  return (
    <div ref={container} className={`relative ${props.className ?? ""}`}>
      <button
        type="button"
        onClick={toggle}
        data-testid="notifications-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? t("notifications.buttonWithCount", { count: unread }) : t("notifications.button")}
        className="relative inline-flex size-9 items-center justify-center rounded-lg transition hover:bg-white/10 hover:text-mast-link-hover"
      >
        <BellIcon className="size-5" />
        {unread > 0 && (
          <span
            data-testid="notifications-badge"
            className="absolute -end-0.5 -top-0.5 grid min-w-[18px] place-items-center rounded-full bg-danger-fill px-1 text-[10px] leading-[18px] font-bold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      <section
        id={panelId}
        hidden={!open}
        data-testid="notifications-panel"
        aria-label={t("notifications.title")}
        className="absolute end-0 top-full mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white text-sm text-slate-800 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <header className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <h2 className="font-semibold">{t("notifications.title")}</h2>
          {unread > 0 && items && (
            <button
              type="button"
              data-testid="notifications-read-all"
              onClick={() => void markRead(null)}
              className="text-xs font-semibold text-accent hover:underline"
            >
              {t("notifications.markAllRead")}
            </button>
          )}
        </header>
        {failed && !items ? (
          <p className="px-4 py-6 text-center text-slate-500 dark:text-slate-400">{t("error.currentlyUnavailable")}</p>
        ) : !items ? (
          <p className="px-4 py-6 text-center text-slate-500 dark:text-slate-400">{t("common.loading")}</p>
        ) : items.length === 0 ? (
          <p data-testid="notifications-empty" className="px-4 py-6 text-center text-slate-500 dark:text-slate-400">
            {t("notifications.empty")}
          </p>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto">
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {items.map((n) => (
                <li
                  key={n.id}
                  data-testid="notification"
                  data-read={n.isRead ? "true" : "false"}
                  className={`flex gap-3 px-4 py-3 ${n.isRead ? "" : "bg-accent/5"}`}
                >
                  <span
                    aria-hidden="true"
                    className={`mt-1.5 size-2 shrink-0 rounded-full ${n.isRead ? "bg-transparent" : (TYPE_DOT[n.type] ?? "bg-slate-400")}`}
                  />
                  {n.image && <img src={n.image} alt="" className="size-10 shrink-0 rounded-lg object-cover" />}
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">
                      {n.type === "error" && <span className="sr-only">{t("notifications.typeError")}: </span>}
                      <span dir="auto">{titleOf(n)}</span>
                    </p>
                    {n.body && (
                      <div
                        className="mt-0.5 text-slate-600 dark:text-slate-300 [&_a]:text-accent [&_a]:underline"
                        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (notifications.service).
                        dangerouslySetInnerHTML={{ __html: n.body }}
                      />
                    )}
                    <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
                      <time dateTime={n.createdAt} title={formatDate(Date.parse(n.createdAt), locale)}>
                        {formatRelativeTime(Date.parse(n.createdAt), Date.now(), locale)}
                      </time>
                      {n.callToAction && (
                        <a
                          href={n.callToAction.url.startsWith("/") ? localize(n.callToAction.url) : n.callToAction.url}
                          className="font-semibold text-accent hover:underline"
                        >
                          {n.kind ? t("notifications.view") : n.callToAction.label}
                        </a>
                      )}
                      {!n.isRead && (
                        <button
                          type="button"
                          data-testid="notification-read"
                          onClick={() => void markRead(n.id)}
                          className="font-semibold hover:text-accent"
                        >
                          {t("notifications.markRead")}
                        </button>
                      )}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            {hasMore && (
              <button
                type="button"
                data-testid="notifications-more"
                disabled={busy}
                onClick={() => void load(items.length)}
                className="w-full border-t border-slate-100 px-4 py-2.5 text-center text-sm font-semibold text-accent hover:bg-slate-50 disabled:opacity-60 dark:border-slate-800 dark:hover:bg-slate-800"
              >
                {t("notifications.loadMore")}
              </button>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
