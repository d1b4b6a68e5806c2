import { COMPARE_LIMIT, type CompareItem, compareHref, read, subscribe, toggleIn, write } from "../lib/compare-store";
import { fill, plural, type VisitorTexts } from "./visitor-texts";

/*
 * "Compare" on the cards of pages served without React (decision 162): the same stored selection as the React
 * toggle (compare-store), the pressed state read from it, and the bottom tray with the way to /compare.
 */

const CHECK = "m4.5 8.2 2.3 2.3 4.7-4.9";

/** The API's name: the button's text after its visible word ("Compare <name>", the name in an sr-only span). */
function nameOf(button: HTMLButtonElement): string {
  return button.querySelector(".sr-only")?.textContent?.trim() || (button.dataset.compareRef ?? "");
}

function updateToggle(button: HTMLButtonElement, on: boolean, texts: VisitorTexts): void {
  const name = nameOf(button);
  button.setAttribute("aria-pressed", String(on));
  button.title = fill(on ? texts.compareOn : texts.compareOff, { name });
  button.classList.toggle("toggle-on", on);
  button.classList.toggle("toggle-off", !on);
  const svg = button.querySelector("svg");
  const mark = svg?.querySelector("path");
  if (on && svg && !mark) {
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", CHECK);
    path.setAttribute("fill", "none");
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "1.8");
    svg.append(path);
  } else if (!on) mark?.remove();
}

function tray(items: readonly CompareItem[], prefix: string, texts: VisitorTexts): HTMLElement | null {
  if (items.length === 0) return null;
  const aside = document.createElement("aside");
  aside.dataset.testid = "compare-tray";
  aside.setAttribute("aria-label", texts.trayLabel);
  aside.className =
    "fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-3xl flex-wrap items-center gap-2 rounded-2xl border border-slate-200 bg-white/95 p-2.5 shadow-xl backdrop-blur sm:inset-x-4 sm:bottom-4 dark:border-slate-700 dark:bg-slate-900/95";
  const list = document.createElement("ul");
  list.className = "flex min-w-0 flex-1 flex-wrap gap-1.5";
  for (const item of items) {
    const li = document.createElement("li");
    li.dataset.testid = "compare-tray-item";
    li.className =
      "inline-flex max-w-[12rem] items-center gap-1 rounded-full bg-slate-100 py-1 ps-3 pe-1 text-xs font-medium dark:bg-slate-800";
    const name = document.createElement("span");
    name.dir = "auto";
    name.className = "truncate";
    name.textContent = item.name;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.setAttribute("aria-label", fill(texts.trayRemove, { name: item.name }));
    remove.className =
      "rounded-full px-1.5 text-slate-500 hover:bg-slate-200 dark:text-slate-400 dark:hover:bg-slate-700";
    remove.textContent = "×";
    remove.addEventListener("click", () => write(read().filter((i) => i.ref !== item.ref)));
    li.append(name, remove);
    list.append(li);
  }
  const actions = document.createElement("div");
  actions.className = "flex shrink-0 items-center gap-2";
  const clear = document.createElement("button");
  clear.type = "button";
  clear.className =
    "h-9 rounded-lg px-3 text-xs font-semibold text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white";
  clear.textContent = texts.trayClear;
  clear.addEventListener("click", () => write([]));
  actions.append(clear);
  if (items.length >= 2) {
    const go = document.createElement("a");
    go.dataset.testid = "compare-tray-go";
    go.href = prefix + compareHref(items.map((i) => i.ref));
    go.className =
      "inline-flex h-9 items-center rounded-lg bg-accent-fill px-4 text-sm font-semibold text-white hover:brightness-110";
    go.textContent = plural(texts.locale, texts.trayGo, items.length);
    actions.append(go);
  } else {
    const hint = document.createElement("span");
    hint.className = "text-xs text-slate-500 dark:text-slate-400";
    hint.textContent = texts.trayHint;
    actions.append(hint);
  }
  aside.append(list, actions);
  return aside;
}

export function installCompare(texts: VisitorTexts, prefix: string): void {
  const toggles = [...document.querySelectorAll<HTMLButtonElement>("button[data-compare-ref]")];
  if (toggles.length === 0) return;
  let shown: HTMLElement | null = null;
  let notice: HTMLElement | null = null;
  const sync = () => {
    const items = read();
    for (const button of toggles)
      updateToggle(
        button,
        items.some((i) => i.ref === button.dataset.compareRef),
        texts,
      );
    shown?.remove();
    shown = tray(items, prefix, texts);
    if (shown) document.body.append(shown);
  };
  for (const button of toggles) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      const ref = button.dataset.compareRef ?? "";
      const next = toggleIn(read(), { ref, name: nameOf(button) });
      if (next !== "full") {
        write(next);
        return;
      }
      notice?.remove();
      notice = document.createElement("p");
      notice.setAttribute("role", "alert");
      notice.dataset.testid = "compare-full";
      notice.className =
        "fixed inset-x-4 bottom-24 z-40 mx-auto max-w-md rounded-lg bg-slate-900 px-4 py-2 text-center text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900";
      notice.textContent = fill(texts.compareFull, { max: COMPARE_LIMIT });
      document.body.append(notice);
      const mine = notice;
      setTimeout(() => mine.remove(), 3000);
    });
  }
  subscribe(sync);
  sync();
}
