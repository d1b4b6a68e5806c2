import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";

/*
 * Text fields of the web (decision 073), and the look select.tsx shares: one look per density.
 * - field: the labelled form fields (FormField, the studio, discussions): roomy, 15px text.
 * - compact: fields inside cards and rows (My Apps, plans, pricing): text-sm.
 * - plain: the filter and inline forms of /admin and /org, without the focus ring.
 */

export type FieldLook = "field" | "compact" | "plain";

const RING =
  "text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-accent focus:ring-2 focus:ring-accent/25 dark:text-slate-100";
const LOOK: Record<FieldLook, string> = {
  field: `rounded-lg border bg-white px-3 py-2.5 text-[15px] dark:bg-slate-950 ${RING}`,
  compact: `rounded-lg border bg-white px-3 py-2 text-sm dark:bg-slate-950 ${RING}`,
  plain: "min-w-0 rounded-lg border bg-white px-3 py-2 text-sm dark:bg-slate-950",
};
const BORDER = "border-slate-300 dark:border-slate-700";

export interface FieldStyle {
  look?: FieldLook;
  /** A field-level error: the border turns red (aria-invalid is the caller's, with its message). */
  invalid?: boolean;
  /** The whole width of its box; the default except for the plain look. */
  fullWidth?: boolean;
  className?: string;
}

export function fieldClass({ look = "field", invalid = false, fullWidth, className }: FieldStyle = {}): string {
  const wide = fullWidth ?? look !== "plain";
  return [wide && "w-full", LOOK[look], invalid ? "border-danger" : BORDER, className].filter(Boolean).join(" ");
}

export function Input(props: InputHTMLAttributes<HTMLInputElement> & FieldStyle) {
  const { look, invalid, fullWidth, className, ...rest } = props;
  return <input {...rest} className={fieldClass({ look, invalid, fullWidth, className })} />;
}

export function Textarea(props: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldStyle) {
  const { look, invalid, fullWidth, className, ...rest } = props;
  return <textarea {...rest} className={fieldClass({ look, invalid, fullWidth, className })} />;
}
