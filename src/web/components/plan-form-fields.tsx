import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import { translateServerMessage } from "../lib/server-messages";

/* The labelled field, checkbox and per-field error of the plan form (and its per-endpoint objects). */

export function FieldError(props: { name: string; fields: Record<string, string> }) {
  const { t } = useTranslation();
  const message = props.fields[props.name];
  if (!message) return null;
  return (
    <p id={`${props.name}-error`} data-testid={`error-${props.name}`} className="text-sm font-medium text-danger">
      {translateServerMessage(t, message)}
    </p>
  );
}

export function Field(props: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
  hint?: string;
  className?: string;
}) {
  return (
    <div className={`flex flex-col gap-1 ${props.className ?? ""}`}>
      <label htmlFor={props.htmlFor} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        {props.label}
      </label>
      {props.children}
      {props.hint && <p className="text-xs text-slate-500 dark:text-slate-400">{props.hint}</p>}
    </div>
  );
}

export function Check(props: { name: string; label: string; hint: string; defaultChecked: boolean; id: string }) {
  return (
    <label htmlFor={props.id} className="flex items-start gap-2 text-sm">
      <input
        id={props.id}
        type="checkbox"
        name={props.name}
        data-testid={`plan-field-${props.name}`}
        defaultChecked={props.defaultChecked}
        className="mt-0.5 size-4 accent-[var(--color-accent)]"
      />
      <span>
        <span className="font-semibold">{props.label}</span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{props.hint}</span>
      </span>
    </label>
  );
}

/** aria-invalid and the error's id for a field the server refused. */
export function invalid(fields: Record<string, string>, name: string) {
  return fields[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {};
}
