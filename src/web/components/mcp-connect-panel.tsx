import { type ReactNode, useEffect, useState } from "react";
import { MCP_CLIENTS, type McpClient, mcpClientConfig } from "../../common/mcp-client-config";
import { useTranslation } from "../i18n/use-translation";
import { copyText } from "../lib/copy-text";
import { maskKey } from "../lib/snippet-key";
import { LocalLink } from "./localized-link";

const smallButton =
  "h-8 shrink-0 rounded-md border border-slate-300 px-2.5 text-xs font-semibold hover:border-accent hover:text-accent dark:border-slate-700";

function useCopied(): ["idle" | "copied" | "failed", (text: string) => Promise<void>] {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);
  return [state, async (text) => setState((await copyText(text)) ? "copied" : "failed")];
}

/**
 * The MCP URL and a ready configuration for common MCP clients. The key is the one stored in this browser for an app
 * (masked until revealed; Copy puts the real one in the configuration), else a placeholder to replace.
 */
export function McpConnectPanel(props: {
  testId: string;
  title: string;
  intro: string;
  url: string;
  serverName: string;
  tenantId: string | null;
  storedKey: { key: string; appName: string } | null;
  /** Link to My Apps beside the note (signed-in viewers elsewhere than My Apps). */
  manageKeysLink: boolean;
  footer?: ReactNode;
  /** The note when no stored key fills the configuration (default: mcp.noKey). */
  noKeyText?: string;
}) {
  const { t } = useTranslation();
  const [client, setClient] = useState<McpClient>("cursor");
  const [reveal, setReveal] = useState(false);
  const [urlCopied, copyUrl] = useCopied();
  const [configCopied, copyConfig] = useCopied();
  const placeholder = t("mcp.keyPlaceholder");
  // Kept left-to-right inside a right-to-left sentence (Hebrew): the angle brackets would otherwise swap sides.
  const isolated = `\u2068${placeholder}\u2069`;
  const key = props.storedKey?.key ?? null;
  const config = (shown: string) =>
    mcpClientConfig(client, { name: props.serverName, url: props.url, key: shown, tenantId: props.tenantId });
  const copiedLabel = (state: "idle" | "copied" | "failed", idle: string) =>
    state === "copied" ? t("snippets.copied") : state === "failed" ? t("snippets.copyFailed") : idle;

  return (
    <section
      data-testid={props.testId}
      aria-labelledby={`${props.testId}-title`}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id={`${props.testId}-title`}
        className="text-sm font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase"
      >
        {props.title}
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{props.intro}</p>
      <p className="mt-3 text-xs font-semibold text-slate-700 dark:text-slate-300">{t("mcp.urlLabel")}</p>
      <div className="mt-1 flex items-center gap-2">
        <code
          data-testid="mcp-url"
          dir="ltr"
          className="min-w-0 flex-1 break-all rounded-md bg-slate-100 px-2 py-1.5 font-mono text-xs dark:bg-slate-800"
        >
          {props.url}
        </code>
        <button type="button" data-testid="mcp-url-copy" onClick={() => copyUrl(props.url)} className={smallButton}>
          {copiedLabel(urlCopied, t("mcp.copy"))}
        </button>
      </div>
      <div role="tablist" aria-label={t("mcp.clientLabel")} className="mt-4 flex flex-wrap gap-1">
        {MCP_CLIENTS.map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            aria-selected={client === c}
            data-testid={`mcp-client-${c}`}
            onClick={() => setClient(c)}
            className={`rounded-md px-2.5 py-1 text-xs font-semibold ${
              client === c
                ? "bg-accent text-white"
                : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            }`}
          >
            {t(`mcp.clients.${c}`)}
          </button>
        ))}
      </div>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        data-testid="mcp-config"
        dir="ltr"
        className="mt-2 max-h-72 overflow-auto rounded-lg bg-slate-950 p-3 text-xs leading-relaxed text-slate-100"
      >
        <code>{config(key ? (reveal ? key : maskKey(key)) : placeholder)}</code>
      </pre>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          data-testid="mcp-config-copy"
          onClick={() => copyConfig(config(key ?? placeholder))}
          className={smallButton}
        >
          {copiedLabel(configCopied, t("mcp.copyConfig"))}
        </button>
        {key && (
          <button
            type="button"
            data-testid="mcp-key-reveal"
            aria-pressed={reveal}
            onClick={() => setReveal((r) => !r)}
            className={smallButton}
          >
            {reveal ? t("tryIt.hideKey") : t("tryIt.revealKey")}
          </button>
        )}
      </div>
      <p data-testid="mcp-key-note" className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        {props.storedKey ? (
          t("mcp.keyFromApp", { app: props.storedKey.appName })
        ) : (
          <>
            {props.noKeyText ?? t("mcp.noKey", { placeholder: isolated })}{" "}
            {props.manageKeysLink && (
              <LocalLink to="/developer/dashboard" rel="nofollow" className="font-semibold text-accent underline">
                {t("tryIt.manageKeys")}
              </LocalLink>
            )}
          </>
        )}
      </p>
      {props.footer}
    </section>
  );
}
