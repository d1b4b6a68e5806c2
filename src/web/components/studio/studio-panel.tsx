import type { ReactNode } from "react";

/** A titled card of the studio and Manage screens. */
export function StudioPanel(props: {
  title: string;
  intro?: string;
  children: ReactNode;
  testId?: string;
  danger?: boolean;
  /** An anchor for the studio's section sidebar (scroll-margin clears the fixed top bar). */
  id?: string;
}) {
  return (
    <section
      id={props.id}
      data-testid={props.testId}
      className={`scroll-mt-24 rounded-2xl border bg-white p-5 sm:p-6 dark:bg-slate-900 ${
        props.danger ? "border-danger/40" : "border-slate-200 dark:border-slate-800"
      }`}
    >
      <h2 className={`text-lg font-semibold ${props.danger ? "text-danger" : ""}`}>{props.title}</h2>
      {props.intro && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{props.intro}</p>}
      <div className="mt-4">{props.children}</div>
    </section>
  );
}
