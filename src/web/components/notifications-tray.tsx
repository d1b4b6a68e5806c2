import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { NotificationTray, NotificationView } from "../../core/notifications/notifications.service";
import { useTranslation } from "../i18n/use-translation";
import { formatDate } from "../lib/format";
import { useLocale, useLocalize, useRootData } from "../lib/root-data";
import { BellIcon } from "./icons";

const RESOURCE = "/resources/notifications";
type TrayAnswer = { signedIn: true; tray: NotificationTray } | { signedIn: false };

const TYPE_DOT: Record<NotificationView["type"], string> = {
  info: "bg-accent",
  error: "bg-danger",
  other: "bg-slate-400",
};

/**
 * Spec "Layout" notifications tray: a bell with the count of new notifications; opening it loads the newest ones and
 * marks them seen; each can be marked read, or all at once. Bodies arrive sanitized from the server.
 */
export function NotificationsTray(props: { className?: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  const locale = useLocale();
  const localize = useLocalize();
  const location = useLocation();
  const list = useFetcher<TrayAnswer>();
  const mark = useFetcher();
  const [open, setOpen] = useState(false);
  const [badge, setBadge] = useState(root?.notificationsUnseen ?? 0);
  const container = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const csrfToken = root?.csrfToken ?? "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every navigation is the point.
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  // A finished mark-as-read reloads the list so the state shown is the stored one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to the submission finishing only.
  useEffect(() => {
    if (mark.state === "idle" && mark.data && open) list.load(RESOURCE);
  }, [mark.state, mark.data]);

  function toggle() {
    const next = !open;
    setOpen(next);
    if (!next) return;
    list.load(RESOURCE);
    if (badge > 0) {
      setBadge(0);
      mark.submit({ intent: "seen", csrfToken }, { method: "post", action: RESOURCE });
    }
  }

  const tray = list.data?.signedIn ? list.data.tray : null;
  return (
    <div ref={container} className={`relative ${props.className ?? ""}`}>
      <button
        type="button"
        onClick={toggle}
        data-testid="notifications-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={badge > 0 ? t("notifications.buttonWithCount", { count: badge }) : t("notifications.button")}
        className="relative inline-flex size-9 items-center justify-center rounded-lg transition hover:bg-white/10 hover:text-mast-link-hover"
      >
        <BellIcon className="size-5" />
        {badge > 0 && (
          <span
            data-testid="notifications-badge"
            className="absolute -end-0.5 -top-0.5 grid min-w-[18px] place-items-center rounded-full bg-danger px-1 text-[10px] leading-[18px] font-bold text-white"
          >
            {badge > 99 ? "99+" : badge}
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
          {tray && tray.unread > 0 && (
            <button
              type="button"
              data-testid="notifications-read-all"
              onClick={() => mark.submit({ intent: "read-all", csrfToken }, { method: "post", action: RESOURCE })}
              className="text-xs font-semibold text-accent hover:underline"
            >
              {t("notifications.markAllRead")}
            </button>
          )}
        </header>
        {!tray ? (
          <p className="px-4 py-6 text-center text-slate-500">{t("common.loading")}</p>
        ) : tray.items.length === 0 ? (
          <p data-testid="notifications-empty" className="px-4 py-6 text-center text-slate-500">
            {t("notifications.empty")}
          </p>
        ) : (
          <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
            {tray.items.map((n) => (
              <li
                key={n.id}
                data-testid="notification"
                data-read={n.isRead ? "true" : "false"}
                className={`flex gap-3 px-4 py-3 ${n.isRead ? "" : "bg-accent/5"}`}
              >
                <span
                  aria-hidden="true"
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${n.isRead ? "bg-transparent" : TYPE_DOT[n.type]}`}
                />
                {n.image && <img src={n.image} alt="" className="size-10 shrink-0 rounded-lg object-cover" />}
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    {n.type === "error" && <span className="sr-only">{t("notifications.typeError")}: </span>}
                    {n.title}
                  </p>
                  {n.bodyHtml && (
                    <div
                      className="mt-0.5 text-slate-600 dark:text-slate-300 [&_a]:text-accent [&_a]:underline"
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (notifications.service).
                      dangerouslySetInnerHTML={{ __html: n.bodyHtml }}
                    />
                  )}
                  <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                    <time dateTime={new Date(n.createdAt).toISOString()}>{formatDate(n.createdAt, locale)}</time>
                    {n.callToAction && (
                      <a
                        href={n.callToAction.url.startsWith("/") ? localize(n.callToAction.url) : n.callToAction.url}
                        className="font-semibold text-accent hover:underline"
                      >
                        {n.callToAction.label}
                      </a>
                    )}
                    {!n.isRead && (
                      <button
                        type="button"
                        data-testid="notification-read"
                        onClick={() =>
                          mark.submit({ intent: "read", id: n.id, csrfToken }, { method: "post", action: RESOURCE })
                        }
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
        )}
      </section>
    </div>
  );
}
