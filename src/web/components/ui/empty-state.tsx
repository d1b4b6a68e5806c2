import type { HTMLAttributes } from "react";

/*
 * The dashed box shown where a list has nothing yet (decision 073: it was copied into a score of screens). `size="lg"`
 * is the roomier one of whole-page lists; `className` adds layout (a flex column for an action under the text).
 */

const BOX =
  "rounded-2xl border border-dashed border-slate-300 text-center text-slate-500 dark:border-slate-700 dark:text-slate-400";
const PADDING = { md: "p-8", lg: "p-10" } as const;

export function EmptyState(
  props: HTMLAttributes<HTMLElement> & {
    size?: keyof typeof PADDING;
    /** A <div> when the box holds more than a sentence (a heading, a button); a <p> otherwise. */
    as?: "p" | "div";
  },
) {
  const { size = "md", as: Tag = "p", className, ...rest } = props;
  return <Tag {...rest} className={[BOX, PADDING[size], className].filter(Boolean).join(" ")} />;
}
