/** The colours of each HTTP method, shared by every method badge (reference, search results). */
export const METHOD_STYLES: Record<string, string> = {
  GET: "bg-emerald-500/15 text-emerald-800 dark:text-emerald-300",
  POST: "bg-sky-500/15 text-sky-800 dark:text-sky-300",
  PUT: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
  PATCH: "bg-violet-500/15 text-violet-800 dark:text-violet-300",
  DELETE: "bg-rose-500/15 text-rose-800 dark:text-rose-300",
  HOOK: "bg-fuchsia-500/15 text-fuchsia-800 dark:text-fuchsia-300",
};

/** The badge colours of `method` (upper case), grey for anything unknown. */
export function methodStyle(method: string): string {
  return METHOD_STYLES[method] ?? "bg-slate-500/15 text-slate-700 dark:text-slate-300";
}
