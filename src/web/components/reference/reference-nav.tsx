import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import type { EndpointNavItem } from "../../../core/catalog/api-endpoints.service";
import { useTranslation } from "../../i18n/use-translation";
import { SearchIcon } from "../icons";
import { MethodBadge } from "./method-badge";
import { filterNavItems, NAV_ROW_HEIGHT, navRows, nextItemRow, visibleWindow } from "./nav-rows";

// Before the first layout the viewport height is unknown: the server renders what a laptop's list shows, without
// overscan (each row is ~1 KB of HTML); the browser measures the list before it paints and fills a taller one.
const INITIAL_VIEWPORT = 720;
const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

interface ListScroll {
  top: number;
  height: number;
  measured: boolean;
}

/** The list's scroll state as measured now; the same state when nothing changed (no second render of the list). */
function measuredScroll(list: HTMLDivElement): (s: ListScroll) => ListScroll {
  const top = list.scrollTop;
  const height = list.clientHeight || INITIAL_VIEWPORT;
  return (s) => (s.measured && s.top === top && s.height === height ? s : { top, height, measured: true });
}

/**
 * The reference's navigation: a filter that narrows as you type, then tags and their operations (method, path,
 * summary), webhooks last. Only the rows in view are rendered (nav-rows.ts), so 1,000+ operations stay instant.
 * Arrow keys move between operations, Home/End jump, Enter opens; the open operation is aria-current.
 */
export function ReferenceNav(props: {
  items: readonly EndpointNavItem[];
  selectedId: string | null;
  hrefFor: (item: EndpointNavItem) => string;
  /** Called after a link is followed (the drawer closes). */
  onOpen?: () => void;
  /** Height class of the scrolling list (sticky column or drawer). */
  listClassName: string;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const rows = useMemo(
    () =>
      navRows(filterNavItems(props.items, query), {
        untagged: t("endpoints.untagged"),
        webhooks: t("reference.webhooks"),
      }),
    [props.items, query, t],
  );
  const listRef = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState<ListScroll>({ top: 0, height: INITIAL_VIEWPORT, measured: false });
  const measuredOnce = useRef(false);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const selectedRow = rows.findIndex((r) => r.type === "item" && r.item.id === props.selectedId);

  // Bring the open operation into view on first render and when it changes (deep links, arrow keys).
  useIsoLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const rowTop = selectedRow * NAV_ROW_HEIGHT;
    if (selectedRow >= 0 && (rowTop < list.scrollTop || rowTop + NAV_ROW_HEIGHT > list.scrollTop + list.clientHeight)) {
      list.scrollTop = Math.max(0, rowTop - list.clientHeight / 3);
    }
    // The first measurement waits for the passive effect below: an update from a layout effect renders at once, in
    // the same task as the page's hydration (a long task on a phone), while the server's rows already fill the list.
    if (measuredOnce.current) setScroll(measuredScroll(list));
  }, [selectedRow]);
  useEffect(() => {
    if (measuredOnce.current || !listRef.current) return;
    measuredOnce.current = true;
    setScroll(measuredScroll(listRef.current));
  }, []);

  useEffect(() => {
    if (focusRow === null) return;
    const list = listRef.current;
    if (!list) return;
    const top = focusRow * NAV_ROW_HEIGHT;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + NAV_ROW_HEIGHT > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + NAV_ROW_HEIGHT - list.clientHeight;
    }
    const frame = requestAnimationFrame(() => {
      list.querySelector<HTMLElement>(`[data-row="${focusRow}"]`)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRow]);

  const { start, end } = visibleWindow(scroll.top, scroll.height, rows.length, scroll.measured ? 8 : 0);
  const itemCount = rows.filter((r) => r.type === "item").length;

  const onKeyDown = (event: React.KeyboardEvent) => {
    const current = focusRow ?? (selectedRow >= 0 ? selectedRow : -1);
    let next: number | null = null;
    if (event.key === "ArrowDown") next = nextItemRow(rows, current, 1);
    else if (event.key === "ArrowUp") next = nextItemRow(rows, current, -1);
    else if (event.key === "Home") next = nextItemRow(rows, -1, 1);
    else if (event.key === "End") next = nextItemRow(rows, rows.length, -1);
    if (next === null || next < 0) return;
    event.preventDefault();
    setFocusRow(next);
  };

  return (
    <nav aria-label={t("reference.navLabel")} data-testid="reference-nav" className="flex min-h-0 flex-col gap-2">
      <div className="relative">
        <label htmlFor={`${props.idPrefix}-filter`} className="sr-only">
          {t("endpoints.filterLabel")}
        </label>
        <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={`${props.idPrefix}-filter`}
          type="search"
          value={query}
          maxLength={200}
          autoComplete="off"
          data-testid="reference-filter"
          placeholder={t("endpoints.filterPlaceholder")}
          onChange={(e) => {
            setQuery(e.target.value);
            setFocusRow(null);
            if (listRef.current) listRef.current.scrollTop = 0;
            setScroll((s) => ({ ...s, top: 0 }));
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setFocusRow(nextItemRow(rows, -1, 1));
            }
          }}
          className="h-9 w-full rounded-lg border border-slate-300 bg-white ps-9 pe-3 text-sm focus:border-accent focus:outline-none dark:border-slate-700 dark:bg-slate-900"
        />
      </div>
      <p aria-live="polite" className="px-1 text-xs text-slate-500 dark:text-slate-400" data-testid="reference-count">
        {query ? t("reference.matches", { count: itemCount }) : t("endpoints.count", { count: itemCount })}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move focus between the links inside */}
      <div
        ref={listRef}
        data-testid="reference-nav-list"
        onScroll={(e) =>
          setScroll({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight, measured: true })
        }
        onKeyDown={onKeyDown}
        className={`relative overflow-y-auto overscroll-contain ${props.listClassName}`}
      >
        {rows.length === 0 ? (
          <p className="px-1 py-3 text-sm text-slate-500 dark:text-slate-400">{t("endpoints.noMatch", { query })}</p>
        ) : (
          <ul style={{ height: rows.length * NAV_ROW_HEIGHT }} className="relative">
            {rows.slice(start, end).map((row, i) => {
              const index = start + i;
              const style = { top: index * NAV_ROW_HEIGHT, height: NAV_ROW_HEIGHT };
              if (row.type === "group") {
                return (
                  <li
                    key={row.key}
                    style={style}
                    className="absolute inset-x-0 flex items-end gap-2 px-2 pb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
                  >
                    <span dir="auto" className="truncate">
                      {row.label}
                    </span>
                    <span className="font-normal">{row.count}</span>
                  </li>
                );
              }
              const current = row.item.id === props.selectedId;
              return (
                <li key={row.key} style={style} className="absolute inset-x-0">
                  <Link
                    to={props.hrefFor(row.item)}
                    preventScrollReset
                    data-row={index}
                    data-testid="reference-nav-item"
                    data-endpoint-id={row.item.id}
                    aria-current={current ? "page" : undefined}
                    tabIndex={
                      focusRow === null
                        ? current || (selectedRow < 0 && index === 1)
                          ? 0
                          : -1
                        : focusRow === index
                          ? 0
                          : -1
                    }
                    onClick={() => props.onOpen?.()}
                    onFocus={() => setFocusRow(index)}
                    className="flex h-full flex-col justify-center gap-0.5 rounded-lg px-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent aria-[current=page]:bg-accent/10 dark:hover:bg-slate-800"
                  >
                    <span className="flex min-w-0 items-center gap-2">
                      <MethodBadge method={row.item.kind === "webhook" ? "HOOK" : row.item.method} small />
                      <code
                        dir="ltr"
                        className="min-w-0 truncate font-mono text-[12.5px] text-slate-800 dark:text-slate-200"
                      >
                        {row.item.path}
                      </code>
                    </span>
                    {row.item.summary && (
                      <span dir="auto" className="truncate ps-1 text-xs text-slate-600 dark:text-slate-400">
                        {row.item.summary}
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </nav>
  );
}
