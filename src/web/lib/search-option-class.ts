/** The look of one typeahead option, shared by the React dropdown and the visitor script (decision 162). */
export const SEARCH_OPTION_CLASS =
  "flex cursor-pointer items-center gap-3 px-3 py-2 outline-none transition-colors hover:bg-slate-100 aria-selected:bg-accent/15 aria-selected:shadow-[inset_3px_0_0_var(--color-accent)] rtl:aria-selected:shadow-[inset_-3px_0_0_var(--color-accent)] dark:hover:bg-slate-800 dark:aria-selected:bg-accent/25";

/** Where the dropdown sits for each search box. */
export const SEARCH_DROPDOWN_POSITION = {
  bar: "absolute start-0 top-full z-50 mt-2 w-[min(420px,calc(100vw-2rem))] shadow-xl",
  hero: "absolute inset-x-0 top-full z-30 mt-2 shadow-xl",
  drawer: "mt-2 w-full shadow-md",
} as const;
