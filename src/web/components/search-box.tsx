import { type FormEvent, type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { cleanSearchTerm } from "../../core/search/search-term";
import { useTranslation } from "../i18n/use-translation";
import { useLocalize, useSession } from "../lib/root-data";
import { trackSearchClick } from "../lib/search-client";
import type { SearchNavigationState } from "../lib/search-events";
import { searchHref } from "../lib/search-params";
import { useTypeahead } from "../lib/search-typeahead";
import { isTextEntry } from "../lib/slash-search";
import { apiPath } from "./api-card";
import { CloseIcon, SearchIcon } from "./icons";
import { SearchDropdown } from "./search-dropdown";

/**
 * The top bar's search (spec sections 4, 5 and 9): placeholder 'Search for APIs', 240px wide. Typing shows the first
 * 6 APIs in a combobox dropdown once results arrive for a non-empty term; outside click, choosing a result or Enter
 * closes it and clears the results. Slashes are removed as they are typed. Enter with a highlighted option opens
 * it, otherwise goes to /search/{term} when the cleaned term is non-empty. Without JavaScript the form is a plain
 * GET to /search?term=, which the search route redirects to /search/{term}.
 */
export function SearchBox(props: { variant: "bar" | "drawer" | "hero"; onDone?: () => void; focusOnSlash?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalize();
  const location = useLocation();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const input = useRef<HTMLInputElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState("");
  const [active, setActive] = useState(-1);
  const term = cleanSearchTerm(value);
  const userId = useSession()?.user.id ?? null;
  const { results, clear, refresh, eventSentFor } = useTypeahead(term, userId);
  const open = results !== null;
  const hits = results?.hits ?? [];
  const optionCount = open ? hits.length + 1 : 0;
  const allResultsHref = localize(searchHref(term) ?? "/search");

  // A new answer starts without a highlighted option.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every new result set
  useEffect(() => setActive(-1), [results]);

  useEffect(() => {
    if (!props.focusOnSlash) return;
    // Spec section 9: pressing / focuses search. "When the page body has focus" is read as "when the user is not
    // typing": a click focuses <main> and Tab focuses links, and / must still work there (the same rule as the
    // pre-hydration script SLASH_SEARCH_SCRIPT in lib/slash-search.ts).
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "/" || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTextEntry(document.activeElement)) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [props.focusOnSlash]);

  useEffect(() => {
    if (!open) return;
    // Spec section 4: an outside click closes the dropdown and clears the results (the typed text stays).
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && container.current?.contains(event.target)) return;
      clear();
    };
    // Tabbing out of the box closes it the same way.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && container.current?.contains(event.relatedTarget)) return;
      clear();
    };
    const box = container.current;
    document.addEventListener("pointerdown", onPointerDown);
    box?.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      box?.removeEventListener("focusout", onFocusOut);
    };
  }, [open, clear]);

  // Any navigation (back button included) closes the dropdown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route changes only
  useEffect(() => clear(), [location.pathname, clear]);

  /** After choosing a result or pressing Enter: dropdown closed, results and term cleared. */
  function finish() {
    clear();
    setValue("");
    setActive(-1);
    input.current?.blur();
    props.onDone?.();
  }

  function goToResults() {
    const target = searchHref(value);
    if (target === null) {
      clear();
      return;
    }
    // The typeahead's Search event for this term went out already: the results page must not send it again.
    const state: SearchNavigationState | undefined = eventSentFor(term) ? { searchEventSent: term } : undefined;
    finish();
    navigate(localize(target), { state });
  }

  function choose(index: number, event?: MouseEvent<HTMLAnchorElement>) {
    const hit = hits[index];
    if (hit && results) {
      trackSearchClick({
        productId: hit.id,
        searchIndex: results.replicaIndex,
        position: index + 1,
        queryId: results.queryId,
      });
    }
    // Modified clicks (new tab or window) keep the browser's behaviour and this page as it is.
    if (event && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return;
    event?.preventDefault();
    if (!hit) {
      goToResults();
      return;
    }
    finish();
    navigate(localize(apiPath(hit)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (open && active >= 0) choose(active);
    else goToResults();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        refresh();
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => {
        if (current < 0) return step === 1 ? 0 : optionCount - 1;
        return (current + step + optionCount) % optionCount;
      });
    } else if (event.key === "Escape" && open) {
      // First Escape closes the dropdown (and must not close the drawer dialog around it).
      event.preventDefault();
      event.stopPropagation();
      clear();
    }
  }

  const bar = props.variant === "bar";
  // The hub's hero (issue 18): the drawer's light field, larger, its dropdown over the page.
  const hero = props.variant === "hero";
  const activeId = open && active >= 0 && active < optionCount ? optionId(active) : undefined;
  return (
    // data-search-box: the visitor script finds the box on pages served without React (decision 162).
    <search data-search-box={props.variant} className={bar ? "block w-[240px] max-w-full" : "block w-full"}>
      <div ref={container} className="relative">
        <form method="get" action={localize("/search")} onSubmit={submit} className="relative">
          <label htmlFor={id} className="sr-only">
            {t("nav.searchLabel")}
          </label>
          <SearchIcon
            className={`pointer-events-none absolute top-1/2 -translate-y-1/2 ${hero ? "start-4 size-5" : "start-3 size-4"} ${bar ? "text-mast-link" : "text-slate-500"}`}
          />
          <input
            ref={input}
            id={id}
            data-slash-search={props.focusOnSlash ? "" : undefined}
            name="term"
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            value={value}
            onChange={(event) => setValue(event.target.value.replace(/\//g, ""))}
            onKeyDown={onKeyDown}
            onFocus={() => {
              if (!open) refresh();
            }}
            placeholder={t("nav.searchPlaceholder")}
            data-testid={bar ? "search-input" : hero ? "hero-search-input" : "drawer-search-input"}
            className={`[&::-webkit-search-cancel-button]:appearance-none ${
              bar
                ? "h-9 w-full rounded-lg border border-mast-input-border bg-mast-input ps-9 pe-8 text-sm text-mast-input-fg placeholder:text-mast-link transition focus:border-accent focus:outline-none"
                : `w-full rounded-lg border border-slate-300 bg-white text-slate-900 placeholder:text-slate-500 focus:border-accent focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${
                    hero
                      ? "h-14 ps-12 pe-12 text-lg shadow-xl focus-visible:ring-4 focus-visible:ring-accent/40"
                      : "h-11 ps-9 pe-10 text-base"
                  }`
            }`}
          />
          {/* Always in the markup (hidden while empty) so the visitor script can show it too. */}
          <button
            type="button"
            hidden={value === ""}
            aria-label={t("nav.searchClear")}
            data-testid="search-clear"
            onClick={() => {
              setValue("");
              clear();
              input.current?.focus();
            }}
            className={`absolute end-1 top-1/2 inline-flex -translate-y-1/2 items-center justify-center rounded-md ${
              bar
                ? "size-7 text-mast-link hover:bg-white/10 hover:text-mast-link-hover"
                : "size-9 text-slate-500 dark:text-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800"
            }`}
          >
            <CloseIcon className="size-4" />
          </button>
        </form>
        <SearchDropdown
          listboxId={listboxId}
          optionId={optionId}
          open={open}
          results={results}
          active={active}
          variant={props.variant}
          hrefs={{ hits: hits.map((hit) => localize(apiPath(hit))), allResults: allResultsHref }}
          onChoose={choose}
        />
        <p aria-live="polite" className="sr-only">
          {open ? t("nav.searchResultsCount", { count: results.total }) : ""}
        </p>
      </div>
    </search>
  );
}
