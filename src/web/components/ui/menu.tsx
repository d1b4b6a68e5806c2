import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ChevronIcon } from "../icons";

/*
 * The one popup menu of the web (decision 073): a button and a panel. Closes on an outside click, on Escape (focus back
 * on the button) and after navigation. useDismiss is the same closing behaviour for other popups (the notifications
 * tray).
 */

/** Closes an open popup on a pointer press outside `root`, on Escape, and when the location changes. */
export function useDismiss(
  open: boolean,
  close: () => void,
  root: RefObject<HTMLElement | null>,
  options: { returnFocus?: RefObject<HTMLElement | null> } = {},
): void {
  const location = useLocation();
  const latestClose = useRef(close);
  latestClose.current = close;

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every navigation is the point.
  useEffect(() => latestClose.current(), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) latestClose.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        latestClose.current();
        options.returnFocus?.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, root, options.returnFocus]);
}

/** A top-bar dropdown: a button and a panel of links. */
export function DropdownMenu(props: {
  testId: string;
  label: string;
  button: ReactNode;
  children: ReactNode;
  className?: string;
  panelClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(open, () => setOpen(false), root, { returnFocus: button });

  return (
    <div ref={root} className={`relative ${props.className ?? ""}`}>
      <button
        ref={button}
        type="button"
        data-testid={`${props.testId}-button`}
        aria-label={props.label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium transition hover:bg-white/10 hover:text-mast-link-hover"
      >
        {props.button}
        <ChevronIcon className={`size-3.5 transition ${open ? "-rotate-90" : "rotate-90"}`} />
      </button>
      <div
        id={panelId}
        data-testid={`${props.testId}-panel`}
        hidden={!open}
        className={`absolute end-0 top-full mt-2 w-64 overflow-hidden rounded-xl border border-slate-200 bg-white py-1.5 text-sm text-slate-800 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${props.panelClassName ?? ""}`}
      >
        {props.children}
      </div>
    </div>
  );
}

const ITEM =
  "flex w-full items-center gap-2.5 px-4 py-2 text-start hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800";

/** A link row of a dropdown; plain <a> so personal screens load with the server's guard. */
export function MenuLink(props: { href: string; testId: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <a href={props.href} data-testid={props.testId} className={ITEM}>
      {props.icon}
      {props.children}
    </a>
  );
}

export function MenuButton(props: { onClick: () => void; testId: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <button type="button" onClick={props.onClick} data-testid={props.testId} className={ITEM}>
      {props.icon}
      {props.children}
    </button>
  );
}

export function MenuHeading(props: { children: ReactNode }) {
  return (
    <p className="px-4 pt-2 pb-1 text-[11px] font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
      {props.children}
    </p>
  );
}

export function MenuSeparator() {
  return <hr className="my-1.5 border-slate-200 dark:border-slate-700" />;
}
