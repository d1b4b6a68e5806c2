import type { ReactNode } from "react";

/*
 * The dashed box shown where a list has nothing yet (issue 12: it was copied into a score of screens). `size="lg"`
 * is the roomier one of whole-page lists; `className` adds layout (a flex column for an action under the text).
 */

const BOX = "rounded-2xl border border-dashed border-slate-300 text-center text-slate-500 dark:border-slate-700";
const PADDING = { md: "p-8", lg: "p-10" } as const;

export function emptyStateClass(size: keyof typeof PADDING = "md", className?: string): string {
  return [BOX, PADDING[size], className].filter(Boolean).join(" ");
}

export function EmptyState(props: {
  children: ReactNode;
  size?: keyof typeof PADDING;
  testId?: string;
  className?: string;
  /** A <div> when the box holds more than a sentence (a heading, a button); a <p> otherwise. */
  as?: "p" | "div";
}) {
  const Tag = props.as ?? "p";
  return (
    <Tag data-testid={props.testId} className={emptyStateClass(props.size, props.className)}>
      {props.children}
    </Tag>
  );
}
