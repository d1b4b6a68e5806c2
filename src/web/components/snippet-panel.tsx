import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { copyText } from "../lib/copy-text";
import { fillKey } from "../lib/snippet-key";
import type { Snippet } from "../lib/try-it-types";
import { Button } from "./ui/button";

const LANGUAGE_STORAGE = "portico.snippets.language";

/**
 * The request being tried as code in a dozen languages. The user's key replaces the placeholder, masked (••••last4)
 * until they reveal it; Copy always copies the real key, so the copied snippet runs as is. Without a key the
 * placeholder stays. The reveal state is the try-it form's, so one Reveal shows the key everywhere.
 */
export function SnippetPanel(props: {
  snippets: Snippet[] | null;
  apiKey: string | null;
  reveal: boolean;
  onToggleReveal: () => void;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState("curl");
  const reveal = props.reveal;
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(LANGUAGE_STORAGE);
      if (stored) setLanguage(stored);
    } catch {
      // No storage: cURL stays the default.
    }
  }, []);

  useEffect(() => {
    if (copied === "idle") return;
    const timer = window.setTimeout(() => setCopied("idle"), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const snippets = props.snippets;
  const current = snippets?.find((s) => s.id === language) ?? snippets?.[0] ?? null;
  const code = current ? fillKey(current.code, props.apiKey, reveal) : "";
  const copyable = current ? fillKey(current.code, props.apiKey, true) : "";

  const choose = (id: string) => {
    setLanguage(id);
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE, id);
    } catch {
      // Not remembered; fine.
    }
  };

  return (
    <section
      data-testid="snippet-panel"
      aria-label={t("snippets.heading")}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <h4 className="me-auto text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
          {t("snippets.heading")}
        </h4>
        <label className="sr-only" htmlFor={`snippet-language-${current?.id ?? ""}`}>
          {t("snippets.languages")}
        </label>
        <select
          id={`snippet-language-${current?.id ?? ""}`}
          data-testid="snippet-language"
          value={current?.id ?? language}
          onChange={(e) => choose(e.target.value)}
          disabled={!snippets}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {(snippets ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        {props.apiKey && (
          <button
            type="button"
            data-testid="snippet-reveal"
            aria-pressed={reveal}
            onClick={props.onToggleReveal}
            className="h-8 rounded-md border border-slate-300 px-2.5 text-xs font-semibold hover:border-accent hover:text-accent dark:border-slate-700"
          >
            {reveal ? t("snippets.hideKey") : t("snippets.revealKey")}
          </button>
        )}
        <Button
          type="button"
          data-testid="snippet-copy"
          data-state={copied}
          disabled={!current}
          onClick={async () => setCopied((await copyText(copyable)) ? "copied" : "failed")}
          size="custom"
          className="h-8 rounded-md px-3 text-xs"
        >
          {copied === "copied"
            ? t("snippets.copied")
            : copied === "failed"
              ? t("snippets.copyFailed")
              : t("snippets.copy")}
        </Button>
        <span aria-live="polite" className="sr-only">
          {copied === "copied" ? t("snippets.copied") : ""}
        </span>
      </div>
      {snippets ? (
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          data-testid="snippet-code"
          data-language={current?.id}
          dir="ltr"
          className="max-h-80 overflow-auto bg-slate-950 p-4 font-mono text-[12.5px] leading-relaxed text-slate-100"
        >
          <code>{code}</code>
        </pre>
      ) : (
        <p className="p-4 text-sm text-slate-500 dark:text-slate-400">{t("snippets.loading")}</p>
      )}
    </section>
  );
}
