/** Class names shared by the /admin screen and its panels. */
export const ADMIN_INPUT =
  "min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950";
export const ADMIN_BUTTON =
  "rounded-lg bg-accent px-3.5 py-2 text-sm font-semibold text-white hover:brightness-110 disabled:opacity-60";
export const ADMIN_TABLE_BOX =
  "overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";
export const ADMIN_TH = "px-4 py-2 text-start";
export const ADMIN_THEAD = "bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-900";
export const ADMIN_ROW = "border-t border-slate-100 dark:border-slate-800";
