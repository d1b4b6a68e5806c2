import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useRootData } from "../lib/root-data";
import { translateServerMessage } from "../lib/server-messages";

/* Small pieces shared by the My Apps, Pricing and plan-management forms. */

/** The page's CSRF token as the hidden field every route action checks. */
export function CsrfInput() {
  const root = useRootData();
  return <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />;
}

/** A refused action's message (translated when the catalog knows the server's text). */
export function ActionErrorText(props: {
  result: { ok: boolean; message?: string } | null | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!props.result || props.result.ok || !props.result.message) return null;
  return (
    <p role="alert" data-testid={props.testId ?? "action-error"} className="text-sm font-medium text-danger">
      {translateServerMessage(t, props.result.message)}
    </p>
  );
}

export type BadgeTone = "success" | "warning" | "danger" | "neutral" | "accent";

const TONES: Record<BadgeTone, string> = {
  success: "bg-success/12 text-emerald-700 ring-success/30 dark:text-emerald-300",
  warning: "bg-amber-500/12 text-amber-800 ring-amber-500/30 dark:text-amber-300",
  danger: "bg-danger/10 text-rose-700 ring-danger/30 dark:text-rose-300",
  neutral: "bg-slate-100 text-slate-600 ring-slate-300 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700",
  accent: "bg-accent/12 text-sky-700 ring-accent/30 dark:text-sky-300",
};

export function Badge(props: { tone: BadgeTone; children: ReactNode; testId?: string; className?: string }) {
  return (
    <span
      data-testid={props.testId}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[props.tone]} ${props.className ?? ""}`}
    >
      {props.children}
    </span>
  );
}

/** Date and time in UTC (server and browser print the same). */
export function formatDateTime(epochMs: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
    new Date(epochMs),
  );
}
