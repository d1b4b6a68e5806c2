import type { InputHTMLAttributes, ReactNode } from "react";
import { Button } from "./button";
import { Input, Textarea } from "./input";

/** A labelled input with an optional hint and a field-level error (linked by aria-describedby). */
export function FormField(
  props: InputHTMLAttributes<HTMLInputElement> & {
    name: string;
    label: string;
    error?: string | null;
    hint?: ReactNode;
    multiline?: boolean;
  },
) {
  const { label, error, hint, multiline, id, className, ...input } = props;
  const fieldId = id ?? `field-${props.name}`;
  const describedBy = [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ""}`}>
      <label htmlFor={fieldId} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {multiline ? (
        <Textarea
          id={fieldId}
          name={props.name}
          defaultValue={props.defaultValue as string | undefined}
          maxLength={props.maxLength}
          rows={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          invalid={!!error}
        />
      ) : (
        <Input
          id={fieldId}
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          invalid={!!error}
        />
      )}
      {hint && !error && (
        <p id={`${fieldId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} data-testid={`error-${props.name}`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export function FormError(props: { message: string | null | undefined }) {
  if (!props.message) return null;
  return (
    <p
      role="alert"
      data-testid="form-error"
      className="rounded-lg border border-danger/30 bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
    >
      {props.message}
    </p>
  );
}

export function FormNotice(props: { message: string | null | undefined }) {
  if (!props.message) return null;
  return (
    <p
      role="status"
      data-testid="form-notice"
      className="rounded-lg border border-success/30 bg-success/10 px-3 py-2 text-sm font-medium text-slate-800 dark:text-slate-100"
    >
      {props.message}
    </p>
  );
}

export function SubmitButton(props: { children: ReactNode; busy?: boolean; testId?: string; className?: string }) {
  return (
    <Button
      type="submit"
      size="lg"
      disabled={props.busy}
      data-testid={props.testId}
      className={`inline-flex items-center justify-center shadow-sm disabled:cursor-wait ${props.className ?? ""}`}
    >
      {props.children}
    </Button>
  );
}
