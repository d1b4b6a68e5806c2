import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from "react";
import type { LinkProps } from "react-router";
import { LocalLink } from "../localized-link";

/*
 * The one button of the web (decision 073): a look (variant) and a geometry (size). `size="custom"` leaves the geometry
 * (padding, height, rounding, font size) to the caller's className, for buttons sized to sit beside an input.
 * Tailwind does not resolve conflicting classes by order, so className adds to a button, it never overrides one.
 */

export type ButtonVariant =
  | "primary"
  | "secondary"
  | "quiet"
  | "outline"
  | "soft"
  | "ghost"
  | "danger"
  | "dangerOutline";
export type ButtonSize = "xs" | "sm" | "md" | "lg" | "row" | "custom";

const VARIANT: Record<ButtonVariant, string> = {
  /** The accent call to action. */
  primary: "bg-accent-fill font-semibold text-white transition hover:brightness-110 disabled:opacity-60",
  /** White and bordered, a grey fill on hover. */
  secondary:
    "border border-slate-300 bg-white font-semibold text-slate-700 transition hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800",
  /** Bordered on the page's own background, a grey fill on hover. */
  quiet:
    "border border-slate-300 font-semibold transition hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800",
  /** Bordered, the accent on hover (no disabled look of its own: the spotlight list dims its own way). */
  outline:
    "border border-slate-300 font-semibold transition hover:border-accent hover:text-accent dark:border-slate-700",
  /** An accent tint. */
  soft: "bg-accent/10 font-semibold text-accent transition hover:bg-accent/20 disabled:opacity-60",
  /** Text only, in the accent. */
  ghost: "font-semibold text-accent transition hover:bg-accent/10 disabled:opacity-60",
  danger: "bg-danger-fill font-semibold text-white transition hover:brightness-110 disabled:opacity-60",
  dangerOutline: "border border-danger/40 font-semibold text-danger transition hover:bg-danger/10 disabled:opacity-60",
};

const SIZE: Record<ButtonSize, string> = {
  xs: "rounded-lg px-2.5 py-1.5 text-xs",
  sm: "rounded-lg px-3 py-1.5 text-sm",
  md: "rounded-lg px-4 py-2 text-sm",
  lg: "rounded-lg px-5 py-2.5",
  /** As tall as a plain input (input.tsx) beside it: the filter rows of /admin and /org. */
  row: "rounded-lg px-3.5 py-2 text-sm",
  custom: "",
};

/** Icon and text side by side, centred: the buttons of cards and forms. */
const INLINE = "inline-flex items-center justify-center gap-1.5";

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Lays the content out in a row (inline-flex, centred, a small gap); without it the element keeps its display. */
  inline?: boolean;
  className?: string;
}

/** The class names of a button look, for elements that are not a <button> or a link (a <summary>, a label). */
export function buttonClass({ variant = "primary", size = "md", inline = false, className }: ButtonStyle = {}): string {
  return [VARIANT[variant], SIZE[size], inline && INLINE, className].filter(Boolean).join(" ");
}

/** A <button>; type="button" unless told otherwise, so it never submits a form by accident. */
export function Button(
  props: ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle & { ref?: Ref<HTMLButtonElement> },
) {
  const { variant, size, inline, className, type, ...rest } = props;
  return <button type={type ?? "button"} {...rest} className={buttonClass({ variant, size, inline, className })} />;
}

/** A link that looks like a button: an app path through the router (language prefix added). */
export function ButtonLink(props: LinkProps & { to: string } & ButtonStyle) {
  const { variant, size, inline, className, ...rest } = props;
  return <LocalLink {...rest} className={buttonClass({ variant, size, inline, className })} />;
}

/** A plain <a> that looks like a button: full page loads (sign-in links, the server's guards) and other origins. */
export function ButtonAnchor(props: AnchorHTMLAttributes<HTMLAnchorElement> & ButtonStyle) {
  const { variant, size, inline, className, ...rest } = props;
  return <a {...rest} className={buttonClass({ variant, size, inline, className })} />;
}
