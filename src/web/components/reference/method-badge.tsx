import { methodStyle } from "../../lib/method-style";

export { METHOD_STYLES, methodStyle } from "../../lib/method-style";

/** An HTTP method as a coloured badge ("HOOK" for webhooks in the navigation). */
export function MethodBadge(props: { method: string; small?: boolean }) {
  const method = props.method.toUpperCase();
  const size = props.small ? "w-12 text-[10px]" : "w-16 text-[11px]";
  return (
    <span
      data-testid="method-badge"
      className={`inline-flex shrink-0 justify-center rounded-md px-1 py-0.5 font-mono font-bold ${size} ${methodStyle(method)}`}
    >
      {method}
    </span>
  );
}
