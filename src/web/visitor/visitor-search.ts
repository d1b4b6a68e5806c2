import { cleanSearchTerm } from "../../core/search/search-term";
import { hueOf, initialsOf } from "../lib/format";
import { methodStyle } from "../lib/method-style";
import { fetchTypeahead, type TypeaheadResult, trackSearch, trackSearchClick } from "../lib/search-client";
import { SEARCH_OPTION_CLASS } from "../lib/search-option-class";
import { searchHref } from "../lib/search-params";
import { SEARCH_EVENT_DELAY_MS, TYPEAHEAD_DEBOUNCE_MS } from "../lib/search-typeahead-timing";
import { rememberSearchEventSent } from "./visitor-search-page";
import { fill, plural, type VisitorTexts } from "./visitor-texts";

/*
 * The search boxes' typeahead on pages served without React (decision 162): the same rules as SearchBox and
 * useTypeahead (spec sections 4, 5 and 9) over the server's markup: 6 APIs and "To All Results" as options, arrow
 * keys, Enter, Escape, outside click, the Search event 500 ms after the term settles. Without this script the form
 * is still a plain GET to /search.
 */

function apiHref(prefix: string, hit: { ownerUsername: string; slug: string }): string {
  return `${prefix}/${encodeURIComponent(hit.ownerUsername)}/api/${encodeURIComponent(hit.slug)}`;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The option's logo: coloured initials (the React dropdown's ApiLogo), the picture over them when it is https. */
function logo(name: string, thumbnail: string | null): HTMLElement {
  const hue = hueOf(name);
  const box = el("span", "api-logo size-9 rounded-lg text-xs", initialsOf(name));
  box.setAttribute("aria-hidden", "true");
  box.style.setProperty("--hue", String(hue));
  if (thumbnail && /^https:\/\//i.test(thumbnail)) {
    const img = el("img", "over-initials bg-white object-contain p-1.5");
    img.alt = "";
    img.loading = "lazy";
    img.addEventListener("error", () => img.remove());
    img.src = thumbnail;
    box.append(img);
  }
  return box;
}

export function installSearchBox(root: HTMLElement, texts: VisitorTexts): void {
  const form = root.querySelector("form");
  const input = root.querySelector<HTMLInputElement>('input[type="search"]');
  const dropdown = root.querySelector<HTMLElement>('[data-testid="search-dropdown"]');
  const listbox = dropdown?.querySelector<HTMLElement>('[role="listbox"]');
  const clearButton = root.querySelector<HTMLButtonElement>('[data-testid="search-clear"]');
  const live = root.querySelector<HTMLElement>('[aria-live="polite"]');
  if (!form || !input || !dropdown || !listbox) return;
  // The form's action is the localized /search: what comes before it is the language prefix of every link.
  const prefix = (form.getAttribute("action") ?? "/search").replace(/\/search$/, "");
  const listboxId = listbox.id;

  let results: TypeaheadResult | null = null;
  let active = -1;
  let sequence = 0;
  let inFlight: AbortController | null = null;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let eventTimer: ReturnType<typeof setTimeout> | undefined;
  let eventDue: string | null = null;

  const term = () => cleanSearchTerm(input.value);
  const optionCount = () => (results ? results.hits.length + 1 : 0);

  function sendDueEvent(): void {
    if (eventDue === null || results === null || results.term !== eventDue) return;
    trackSearch(eventDue, results.total, results.queryId);
    rememberSearchEventSent(eventDue);
    eventDue = null;
  }

  function cancel(): void {
    sequence += 1;
    inFlight?.abort();
    inFlight = null;
  }

  function render(): void {
    const open = results !== null;
    dropdown?.toggleAttribute("hidden", !open);
    input?.setAttribute("aria-expanded", String(open));
    if (clearButton) clearButton.hidden = input?.value === "";
    if (live) live.textContent = results ? plural(texts.locale, texts.resultsCount, results.total) : "";
    dropdown?.querySelector('[data-testid="search-no-results"]')?.remove();
    listbox?.replaceChildren();
    if (!results) {
      input?.removeAttribute("aria-activedescendant");
      return;
    }
    if (results.hits.length === 0) {
      const empty = el(
        "p",
        "px-4 pt-3 pb-1 text-sm text-slate-600 dark:text-slate-400",
        fill(texts.noResults, { term: results.term }),
      );
      empty.dataset.testid = "search-no-results";
      dropdown?.insertBefore(empty, listbox ?? null);
    }
    results.hits.forEach((hit, index) => {
      const option = el("a", SEARCH_OPTION_CLASS);
      option.href = apiHref(prefix, hit);
      option.dataset.testid = "search-option";
      const text = el("span", "flex min-w-0 flex-1 flex-col");
      const title = el("span", "flex items-center gap-1 truncate text-sm font-semibold rtl:text-right");
      title.dir = "auto";
      title.append(el("span", "truncate", hit.name));
      if (hit.visibility === "PRIVATE") title.append(el("span", "sr-only", texts.private));
      text.append(title);
      if (hit.categoryName)
        text.append(el("span", "truncate text-xs text-slate-500 dark:text-slate-400", hit.categoryName));
      if (hit.endpoint) {
        const line = el("span", "mt-0.5 flex min-w-0 items-center gap-1.5");
        line.dataset.testid = "search-option-endpoint";
        const method = hit.endpoint.method.toUpperCase();
        const path = el("span", "truncate font-mono text-[11px] text-slate-600 dark:text-slate-300", hit.endpoint.path);
        path.dir = "ltr";
        line.append(
          el("span", "sr-only", texts.matchedEndpoint),
          el(
            "span",
            `inline-flex shrink-0 rounded px-1 font-mono text-[10px] font-bold ${methodStyle(method)}`,
            method,
          ),
          path,
        );
        text.append(line);
      }
      option.append(logo(hit.name, hit.thumbnail), text);
      listbox?.append(decorate(option, index));
    });
    const all = el(
      "a",
      `${SEARCH_OPTION_CLASS} mt-1 border-t border-slate-100 py-2.5 text-sm font-semibold text-accent dark:border-slate-800`,
      fill(texts.toAllResults, { n: results.total }),
    );
    all.href = prefix + (searchHref(input?.value ?? "") ?? "/search");
    all.dataset.testid = "search-all-results";
    listbox?.append(decorate(all, results.hits.length));
    highlight();
  }

  function decorate(option: HTMLAnchorElement, index: number): HTMLAnchorElement {
    option.id = `${listboxId}-v${index}`;
    option.setAttribute("role", "option");
    option.tabIndex = -1;
    // Keeps focus (and the open dropdown) in the input while the pointer is down.
    option.addEventListener("mousedown", (event) => event.preventDefault());
    option.addEventListener("click", (event) => choose(index, event));
    return option;
  }

  function highlight(): void {
    const options = listbox?.querySelectorAll<HTMLElement>('[role="option"]') ?? [];
    options.forEach((option, index) => {
      option.setAttribute("aria-selected", String(index === active));
    });
    const current = options[active];
    if (current) input?.setAttribute("aria-activedescendant", current.id);
    else input?.removeAttribute("aria-activedescendant");
  }

  function clear(): void {
    cancel();
    results = null;
    active = -1;
    render();
  }

  function run(q: string): void {
    cancel();
    const mine = sequence;
    const controller = new AbortController();
    inFlight = controller;
    fetchTypeahead(q, controller.signal).then(
      (answer) => {
        if (mine !== sequence) return;
        inFlight = null;
        results = answer;
        active = -1;
        render();
        sendDueEvent();
      },
      // Aborted or failed: no dropdown for this term.
      () => undefined,
    );
  }

  function onTermChange(): void {
    clearTimeout(debounce);
    clearTimeout(eventTimer);
    eventDue = null;
    const q = term();
    if (q === "") {
      clear();
      return;
    }
    debounce = setTimeout(() => run(q), TYPEAHEAD_DEBOUNCE_MS);
    eventTimer = setTimeout(() => {
      eventDue = q;
      sendDueEvent();
    }, SEARCH_EVENT_DELAY_MS);
    if (clearButton) clearButton.hidden = input?.value === "";
  }

  function go(href: string): void {
    clear();
    if (input) input.value = "";
    input?.blur();
    window.location.assign(href);
  }

  function choose(index: number, event?: MouseEvent): void {
    const hit = results?.hits[index];
    if (hit && results) {
      trackSearchClick({
        productId: hit.id,
        searchIndex: results.replicaIndex,
        position: index + 1,
        queryId: results.queryId,
      });
    }
    // Modified clicks (new tab or window) keep the browser's behaviour.
    if (event && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return;
    event?.preventDefault();
    if (hit) go(apiHref(prefix, hit));
    else goToResults();
  }

  function goToResults(): void {
    const target = searchHref(input?.value ?? "");
    if (target === null) {
      clear();
      return;
    }
    go(prefix + target);
  }

  input.addEventListener("input", () => {
    // Slashes are removed as they are typed (spec section 5).
    if (input.value.includes("/")) input.value = input.value.replace(/\//g, "");
    onTermChange();
  });
  input.addEventListener("focus", () => {
    if (results === null && term() !== "") run(term());
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (results === null) {
        if (term() !== "") run(term());
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      const count = optionCount();
      active = active < 0 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count;
      highlight();
    } else if (event.key === "Escape" && results !== null) {
      // The first Escape closes the dropdown, not the drawer around it.
      event.preventDefault();
      event.stopPropagation();
      clear();
    }
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (results !== null && active >= 0) choose(active);
    else goToResults();
  });
  clearButton?.addEventListener("click", () => {
    input.value = "";
    onTermChange();
    input.focus();
  });
  document.addEventListener("pointerdown", (event) => {
    if (results !== null && event.target instanceof Node && !root.contains(event.target)) clear();
  });
  root.addEventListener("focusout", (event) => {
    if (results !== null && !(event.relatedTarget instanceof Node && root.contains(event.relatedTarget))) clear();
  });
  // Typed before this script ran: pick it up.
  if (input.value !== "") onTermChange();
}
