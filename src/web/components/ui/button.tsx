import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from "react";
import type { LinkProps } from "react-router";
import { LocalLink } from "../localized-link";

/*
 * The one button of the web (issue 12): a look (variant) and a geometry (size). `size="custom"` leaves the geometry
 * (padding, height, rounding, font size) to the caller's className, for buttons sized to sit beside an input.
 * Tailwind does not resolve conflicting classes by order, so className adds to a button, it never overrides one.
 */

export type ButtonVariant = "primary" | "secondary" | "outline" | "soft" | "ghost" | "danger" | "dangerOutline";
export type ButtonSize = "xs" | "sm" | "md" | "lg" | "custom";

const VARIANT: Record<ButtonVariant, string> = {
  /** The accent call to action. */
  primary: "bg-accent font-semibold text-white transition hover:brightness-110 disabled:opacity-60",
  /** Bordered, a grey fill on hover. */
  secondary:
    "border border-slate-300 font-semibold transition hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800",
  /** Bordered, the accent on hover. */
  outline:
    "border border-slate-300 font-semibold transition hover:border-accent hover:text-accent disabled:opacity-60 dark:border-slate-700",
  /** An accent tint. */
  soft: "bg-accent/10 font-semibold text-accent transition hover:bg-accent/20 disabled:opacity-60",
  /** Text only, in the accent. */
  ghost: "font-semibold text-accent transition hover:bg-accent/10 disabled:opacity-60",
  danger: "bg-danger font-semibold text-white transition hover:brightness-110 disabled:opacity-60",
  dangerOutline: "border border-danger/40 font-semibold text-danger transition hover:bg-danger/10 disabled:opacity-60",
};

const SIZE: Record<ButtonSize, string> = {
  xs: "rounded-lg px-2.5 py-1.5 text-xs",
  sm: "rounded-lg px-3 py-1.5 text-sm",
  md: "rounded-lg px-4 py-2 text-sm",
  lg: "rounded-lg px-5 py-2.5",
  custom: "",
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The class names of a button look, for elements that are not a <button> or a link (a <summary>, a label). */
export function buttonClass({ variant = "primary", size = "md", className }: ButtonStyle = {}): string {
  return [VARIANT[variant], SIZE[size], className].filter(Boolean).join(" ");
}

/** A <button>; type="button" unless told otherwise, so it never submits a form by accident. */
export function Button(props: ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle) {
  const { variant, size, className, type, ...rest } = props;
  return <button type={type ?? "button"} {...rest} className={buttonClass({ variant, size, className })} />;
}

/** A link that looks like a button: an app path through the router (language prefix added). */
export function ButtonLink(props: LinkProps & { to: string } & ButtonStyle) {
  const { variant, size, className, ...rest } = props;
  return <LocalLink {...rest} className={buttonClass({ variant, size, className })} />;
}

/** A plain <a> that looks like a button: full page loads (sign-in links, the server's guards) and other origins. */
export function ButtonAnchor(props: AnchorHTMLAttributes<HTMLAnchorElement> & ButtonStyle) {
  const { variant, size, className, ...rest } = props;
  return <a {...rest} className={buttonClass({ variant, size, className })} />;
}
