const METHOD_STYLES: Record<string, string> = {
  GET: "bg-emerald-500/15 text-emerald-800 dark:text-emerald-300",
  POST: "bg-sky-500/15 text-sky-800 dark:text-sky-300",
  PUT: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
  PATCH: "bg-violet-500/15 text-violet-800 dark:text-violet-300",
  DELETE: "bg-rose-500/15 text-rose-800 dark:text-rose-300",
};

/** HTTP method of a matched endpoint, in the colours of the API page's endpoint list. */
export function SearchMethodBadge(props: { method: string; compact?: boolean }) {
  const method = props.method.toUpperCase();
  const size = props.compact ? "px-1 text-[10px]" : "w-16 justify-center px-1.5 py-0.5 text-[11px]";
  return (
    <span
      className={`inline-flex shrink-0 rounded font-mono font-bold ${size} ${METHOD_STYLES[method] ?? "bg-slate-500/15 text-slate-700 dark:text-slate-300"}`}
    >
      {method}
    </span>
  );
}
