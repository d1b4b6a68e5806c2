import type { ReactNode } from "react";
import { fieldClass } from "../ui/input";

/*
 * Controlled inputs of /admin "Tenant settings": each edits one setting of the draft configuration and shows the
 * server's message for its dotted path (the zod schema's path, e.g. "theme.linkColor").
 */

const LABEL = "flex min-w-0 flex-col gap-1 text-sm font-medium";
const ERROR = "text-sm font-medium text-danger";

function FieldError(props: { message?: string }) {
  return props.message ? <span className={ERROR}>{props.message}</span> : null;
}

export function TextSetting(props: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  maxLength?: number;
  placeholder?: string;
  dir?: "ltr" | "auto";
}) {
  return (
    <label className={LABEL}>
      {props.label}
      <input
        data-setting={props.path}
        value={props.value}
        maxLength={props.maxLength ?? 2048}
        placeholder={props.placeholder}
        dir={props.dir}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        className={fieldClass({ look: "plain" })}
      />
      {props.hint && !props.error && (
        <span className="text-xs font-normal text-slate-500 dark:text-slate-400">{props.hint}</span>
      )}
      <FieldError message={props.error} />
    </label>
  );
}

/** Null when empty: the schema's "not set" for optional addresses. */
export function OptionalTextSetting(
  props: Omit<Parameters<typeof TextSetting>[0], "value" | "onChange"> & {
    value: string | null;
    onChange: (value: string | null) => void;
  },
) {
  return (
    <TextSetting
      {...props}
      dir="ltr"
      value={props.value ?? ""}
      onChange={(v) => props.onChange(v.trim() === "" ? null : v)}
    />
  );
}

export function NumberSetting(props: {
  path: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  min?: number;
  max?: number;
  step?: number;
}) {
  return (
    <label className={LABEL}>
      {props.label}
      <input
        type="number"
        data-setting={props.path}
        value={props.value ?? ""}
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value === "" ? null : Number(e.target.value))}
        className={fieldClass({ look: "plain", className: "w-40" })}
      />
      <FieldError message={props.error} />
    </label>
  );
}

export function ColorSetting(props: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  // The colour picker only speaks #rrggbb; the text field takes any hex the schema accepts (#rgb, #rrggbbaa).
  const pickable = /^#[0-9a-fA-F]{6}$/.test(props.value) ? props.value : "#000000";
  return (
    <div className={LABEL}>
      <span>{props.label}</span>
      <span className="flex items-center gap-2">
        <input
          type="color"
          aria-label={props.label}
          value={pickable}
          onChange={(e) => props.onChange(e.target.value)}
          className="h-9 w-11 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5 dark:border-slate-700"
        />
        <input
          data-setting={props.path}
          aria-label={props.label}
          value={props.value}
          maxLength={9}
          dir="ltr"
          aria-invalid={props.error ? true : undefined}
          onChange={(e) => props.onChange(e.target.value.trim())}
          className={fieldClass({ look: "plain", className: "w-28 font-mono" })}
        />
      </span>
      <FieldError message={props.error} />
    </div>
  );
}

export function CheckSetting(props: { path: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        data-setting={props.path}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        className="mt-0.5 size-4 accent-[var(--accent)]"
      />
      <span>{props.label}</span>
    </label>
  );
}

export function SettingsSection(props: { id: string; title: string; children: ReactNode; intro?: ReactNode }) {
  return (
    <section
      id={`settings-${props.id}`}
      aria-labelledby={`settings-${props.id}-title`}
      data-testid={`settings-section-${props.id}`}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`settings-${props.id}-title`} className="text-lg font-bold">
        {props.title}
      </h2>
      {props.intro && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{props.intro}</p>}
      <div className="mt-4 flex flex-col gap-4">{props.children}</div>
    </section>
  );
}
