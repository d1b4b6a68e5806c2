import type { ReactNode } from "react";
import { Link, type LinkProps, NavLink } from "react-router";
import { useLinkDiscover } from "../../lib/static-visitor-page";
import { LocalLink, LocalNavLink } from "../localized-link";

/*
 * Route tabs (decision 073): each tab is a link with its own URL, the current one marked aria-current="page" (a <nav>
 * of links, not an ARIA tablist: they navigate). Looks: `underline` (API page, profile, search), `pill` (/admin),
 * `segment` (a small switch inside a grey track).
 */

export type TabLook = "underline" | "pill" | "segment";

const LOOK: Record<TabLook, string> = {
  underline:
    "border-b-2 border-transparent text-sm font-semibold whitespace-nowrap text-slate-600 transition hover:text-slate-900 aria-[current=page]:border-accent aria-[current=page]:text-accent dark:text-slate-400 dark:hover:text-white",
  pill: "rounded-lg text-sm font-semibold hover:bg-slate-100 aria-[current=page]:bg-accent/10 aria-[current=page]:text-accent dark:hover:bg-slate-800",
  segment:
    "rounded-md text-sm font-medium text-slate-600 aria-[current=page]:bg-white aria-[current=page]:text-slate-900 aria-[current=page]:shadow-sm dark:text-slate-400 dark:aria-[current=page]:bg-slate-800 dark:aria-[current=page]:text-white",
};
const SPACING: Record<TabLook, string> = { underline: "px-4 py-3", pill: "px-3 py-2", segment: "px-3 py-1" };

/** The <nav> around a row of tabs. */
export function TabBar(props: { label: string; testId?: string; className?: string; children: ReactNode }) {
  return (
    <nav aria-label={props.label} data-testid={props.testId} className={props.className}>
      {props.children}
    </nav>
  );
}

type TabLinkProps = Omit<LinkProps, "className"> & {
  to: string;
  look?: TabLook;
  /** Replaces the look's padding (tabs that are tighter on small screens). */
  spacing?: string;
  className?: string;
  /**
   * Whether this tab is the current page. Left out, the router decides from the URL (a NavLink; `end` for the index).
   */
  current?: boolean;
  end?: boolean;
  /** false for a `to` that already carries the language prefix (built from the current location). */
  localized?: boolean;
};

export function TabLink(props: TabLinkProps) {
  const { look = "underline", spacing, className, current, end, localized = true, ...link } = props;
  const classes = [LOOK[look], spacing ?? SPACING[look], className].filter(Boolean).join(" ");
  const discover = useLinkDiscover() ?? link.discover;
  if (current === undefined) {
    return localized ? (
      <LocalNavLink {...link} end={end} className={classes} />
    ) : (
      <NavLink {...link} end={end} className={classes} discover={discover} />
    );
  }
  const ariaCurrent = current ? ("page" as const) : undefined;
  return localized ? (
    <LocalLink {...link} aria-current={ariaCurrent} className={classes} />
  ) : (
    <Link {...link} aria-current={ariaCurrent} className={classes} discover={discover} />
  );
}
