import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "../i18n/use-translation";
import { COMPARE_LIMIT, useCompareSelection } from "../lib/compare-selection";
import { CompareTray } from "./compare-tray";

/*
 * The tray is shown wherever a Compare toggle is (cards, search results, the API page) without touching the page
 * layouts: the first mounted toggle hosts it in a portal, and hands it over when it unmounts.
 */
const hosts: string[] = [];
const hostListeners = new Set<() => void>();
const subscribeHosts = (listener: () => void) => {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
};
const notifyHosts = () => {
  for (const l of hostListeners) l();
};
const firstHost = () => hosts[0] ?? null;

// "At most 4" notices are shared too, so the tray host shows them whichever toggle was pressed.
let fullNotice = 0;
const fullListeners = new Set<() => void>();
const subscribeFull = (listener: () => void) => {
  fullListeners.add(listener);
  return () => fullListeners.delete(listener);
};
function announceFull(): void {
  fullNotice++;
  for (const l of fullListeners) l();
}

function useTrayHost(id: string): boolean {
  useEffect(() => {
    hosts.push(id);
    notifyHosts();
    return () => {
      const at = hosts.indexOf(id);
      if (at >= 0) hosts.splice(at, 1);
      notifyHosts();
    };
  }, [id]);
  return useSyncExternalStore(subscribeHosts, firstHost, () => null) === id;
}

/** "Compare" on an API card, search result or API page header: adds the API to (or removes it from) the tray. */
export function CompareToggle(props: { apiRef: string; apiName: string; compact?: boolean; className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const selection = useCompareSelection();
  const isHost = useTrayHost(id);
  const notice = useSyncExternalStore(
    subscribeFull,
    () => fullNotice,
    () => 0,
  );
  const [full, setFull] = useState(false);
  const on = selection.has(props.apiRef);

  useEffect(() => {
    if (notice === 0) return;
    setFull(true);
    const timer = window.setTimeout(() => setFull(false), 3000);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const label = on ? t("compare.toggleOn", { name: props.apiName }) : t("compare.toggleOff", { name: props.apiName });
  return (
    <>
      <button
        type="button"
        data-testid="compare-toggle"
        data-compare-ref={props.apiRef}
        aria-pressed={on}
        title={label}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          if (selection.toggle({ ref: props.apiRef, name: props.apiName }) === "full") announceFull();
        }}
        className={`toggle-button ${props.compact ? "px-1.5 py-1 text-[11px]" : "px-3.5 py-2 text-sm"} ${
          on ? "toggle-on" : "toggle-off"
        } ${props.className ?? ""}`}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" className={props.compact ? "size-3" : "size-3.5"}>
          <rect x="1.5" y="1.5" width="13" height="13" rx="3" fill="none" stroke="currentColor" strokeWidth="1.6" />
          {on && <path d="m4.5 8.2 2.3 2.3 4.7-4.9" fill="none" stroke="currentColor" strokeWidth="1.8" />}
        </svg>
        {/* The accessible name starts with the visible word (WCAG 2.5.3); the API's name tells the buttons apart. */}
        {t("compare.toggle")}
        <span className="sr-only">{` ${props.apiName}`}</span>
      </button>
      {isHost &&
        typeof document !== "undefined" &&
        createPortal(
          <>
            <CompareTray items={selection.items} onRemove={selection.remove} onClear={selection.clear} />
            {full && (
              <p
                role="alert"
                data-testid="compare-full"
                className="fixed inset-x-4 bottom-24 z-40 mx-auto max-w-md rounded-lg bg-slate-900 px-4 py-2 text-center text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
              >
                {t("compare.full", { max: COMPARE_LIMIT })}
              </p>
            )}
          </>,
          document.body,
        )}
    </>
  );
}
