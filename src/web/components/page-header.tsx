import type { ReactNode } from "react";

export function PageHeader(props: { title: string; intro?: string | null; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/40">
      <div className="mx-auto max-w-[1320px] px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{props.title}</h1>
        {props.intro && <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">{props.intro}</p>}
        {props.children}
      </div>
    </div>
  );
}

export function Container(props: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto max-w-[1320px] px-4 sm:px-6 ${props.className ?? ""}`}>{props.children}</div>;
}
