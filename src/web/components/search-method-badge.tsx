import { methodStyle } from "./reference/method-badge";

/** HTTP method of a matched endpoint, in the colours of the API page's endpoint list. */
export function SearchMethodBadge(props: { method: string; compact?: boolean }) {
  const method = props.method.toUpperCase();
  const size = props.compact ? "px-1 text-[10px]" : "w-16 justify-center px-1.5 py-0.5 text-[11px]";
  return (
    <span className={`inline-flex shrink-0 rounded font-mono font-bold ${size} ${methodStyle(method)}`}>{method}</span>
  );
}
