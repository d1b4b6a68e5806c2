import type { ReactNode } from "react";

/** A titled card of the analytics screens. */
export function Panel(props: { title: string; children: ReactNode; testId: string; className?: string }) {
  return (
    <section
      data-testid={props.testId}
      className={`flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${props.className ?? ""}`}
    >
      <h2 className="text-lg font-bold">{props.title}</h2>
      {props.children}
    </section>
  );
}
