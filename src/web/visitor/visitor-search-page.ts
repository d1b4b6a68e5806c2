import { searchClickOf } from "../lib/search-click";
import { trackSearch, trackSearchClick } from "../lib/search-client";
import { FILTER_FORM_ID, searchHref } from "../lib/search-params";
import { SEARCH_EVENT_DELAY_MS } from "../lib/search-typeahead-timing";

/*
 * The search results page a signed-out visitor gets without React (decision 162, extended by decision 164): every
 * control is a link or a GET form already; this adds what the React page does with script. A filter or sort change
 * submits the filter form at once (each change is a new page: the place on the page and the focused control are
 * carried over), the page's own field goes straight to /search/{term}, and the Search and SearchClick events are sent
 * as SearchPage and SearchResults send them.
 */

/** The term whose Search event this tab sent last: a reload for a filter, sort or page keeps the term. */
const EVENT_SENT_KEY = "portico.searchEventSent";
/** Where the visitor was on the page when a filter, sort, tab or chip started the next page. */
const KEEP_KEY = "portico.searchKeep";

interface KeptPlace {
  path: string;
  y: number;
  /** The control that had focus (name and value), focused again on the next page. */
  control: { name: string; value: string } | null;
  /** Phones fold the filters behind a toggle: open, they stay open on the next page. */
  filtersOpen: boolean;
}

/** The CSS-only toggle of the filters on small screens (search-filters.tsx). */
const FILTERS_TOGGLE_ID = "search-filters-toggle";

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked by the browser: the page works, only the niceties above are lost.
    return null;
  }
}

/** Called by the typeahead when it sent the Search event for a term: its results page does not send it again. */
export function rememberSearchEventSent(term: string): void {
  storage()?.setItem(EVENT_SENT_KEY, term);
}

function sendSearchEvent(page: HTMLElement): void {
  const term = page.dataset.term ?? "";
  if (term === "" || storage()?.getItem(EVENT_SENT_KEY) === term) return;
  setTimeout(() => {
    rememberSearchEventSent(term);
    trackSearch(term, Number(page.dataset.total ?? 0), page.dataset.queryId ?? null);
  }, SEARCH_EVENT_DELAY_MS);
}

function keepPlace(control: Element | null): void {
  const kept: KeptPlace = {
    path: window.location.pathname,
    y: window.scrollY,
    control:
      control instanceof HTMLInputElement || control instanceof HTMLSelectElement
        ? { name: control.name, value: control instanceof HTMLInputElement ? control.value : "" }
        : null,
    filtersOpen: (document.getElementById(FILTERS_TOGGLE_ID) as HTMLInputElement | null)?.checked === true,
  };
  storage()?.setItem(KEEP_KEY, JSON.stringify(kept));
}

function restorePlace(): void {
  const store = storage();
  const raw = store?.getItem(KEEP_KEY);
  if (!raw) return;
  store?.removeItem(KEEP_KEY);
  let kept: KeptPlace;
  try {
    kept = JSON.parse(raw) as KeptPlace;
  } catch {
    return;
  }
  // Only on the same term's page: another term is a new search that starts at the top.
  if (kept.path !== window.location.pathname) return;
  const toggle = document.getElementById(FILTERS_TOGGLE_ID);
  if (kept.filtersOpen && toggle instanceof HTMLInputElement) toggle.checked = true;
  window.scrollTo(0, kept.y);
  if (!kept.control) return;
  const { name, value } = kept.control;
  for (const element of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    `#${FILTER_FORM_ID} input, select[form="${FILTER_FORM_ID}"]`,
  )) {
    if (element.name === name && (element instanceof HTMLSelectElement || element.value === value)) {
      element.focus({ preventScroll: true });
      return;
    }
  }
}

/** The filter form's address for its current state, without empty fields (as the React page's navigation). */
function filterAddress(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value !== "") params.append(name, value);
  }
  const query = params.toString();
  return `${form.getAttribute("action") ?? window.location.pathname}${query === "" ? "" : `?${query}`}`;
}

function installFilters(): void {
  const form = document.getElementById(FILTER_FORM_ID);
  if (!(form instanceof HTMLFormElement)) return;
  // The no-script "Apply" buttons: with this script every change applies itself.
  for (const button of document.querySelectorAll<HTMLElement>("[data-filter-apply]")) button.hidden = true;
  // Back and forward can show this page with controls as the visitor left them (the back-forward cache, or the
  // browser's restored form state): the controls must say what the address says.
  form.reset();
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) form.reset();
  });
  // The sort select sits outside the form (its `form` attribute): changes are caught on the document.
  document.addEventListener("change", (event) => {
    const control = event.target;
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement) || control.form !== form) return;
    keepPlace(control);
    window.location.assign(filterAddress(form));
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    window.location.assign(filterAddress(form));
  });
}

/** The page's own field: straight to /search/{term} (without script the server redirects /search?term=). */
function installPageForm(prefix: string): void {
  const input = document.querySelector<HTMLInputElement>('[data-testid="search-page-input"]');
  const form = input?.form;
  if (!input || !form) return;
  // (Its input has autocomplete="off": the browser restores no typed text into it; the cache may.)
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) form.reset();
  });
  input.addEventListener("input", () => {
    // Slashes are removed as they are typed (spec section 5).
    if (input.value.includes("/")) input.value = input.value.replace(/\//g, "");
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const target = searchHref(input.value);
    if (target !== null) window.location.assign(prefix + target);
  });
}

export function installSearchPage(prefix: string): void {
  const page = document.querySelector<HTMLElement>("[data-search-page]");
  if (!page) return;
  restorePlace();
  installFilters();
  installPageForm(prefix);
  // Tabs and filter chips keep the place on the page, as the React page's preventScrollReset.
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-keep-scroll]")) {
    link.addEventListener("click", () => keepPlace(null));
  }
  document.addEventListener("click", (event) => {
    const click = searchClickOf(event.target);
    if (click) trackSearchClick(click);
  });
  sendSearchEvent(page);
}
