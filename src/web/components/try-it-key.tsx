import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import {
  dropLegacyTryItKey,
  forgetAllAppKeys,
  type TryItKeys,
  type UsableKey,
  usableStoredKeys,
} from "../lib/app-key-store";
import { copyText } from "../lib/copy-text";
import { maskKey } from "../lib/snippet-key";
import { LocalLink } from "./localized-link";

const API_KEY = /^pk_[A-Za-z0-9_-]{43}$/;

export interface TryItKeyState {
  /** Stored keys of the viewer's apps subscribed to this API (read from this browser after hydration). */
  usable: UsableKey[];
  selected: UsableKey | null;
  select: (appId: string) => void;
  manual: boolean;
  setManual: (on: boolean) => void;
  typed: string;
  setTyped: (value: string) => void;
  /** The key calls go with: the chosen stored key, else a well-formed typed one; null means a mock answer. */
  activeKey: string | null;
  /** The key the snippets show (same as activeKey). */
  validKey: string | null;
  reveal: boolean;
  toggleReveal: () => void;
}

/** Picks the key for try-it: a stored key of a subscribed app first (decision 005), else one the user pastes. */
export function useTryItKey(keys: TryItKeys | null, signedIn: boolean): TryItKeyState {
  const [usable, setUsable] = useState<UsableKey[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [manual, setManual] = useState(false);
  const [typed, setTyped] = useState("");
  const [reveal, setReveal] = useState(false);

  useEffect(() => {
    dropLegacyTryItKey();
    // Signed out (the session ended without the logout button, or another tab logged out): keep nothing behind.
    if (!signedIn || !keys) {
      if (!signedIn) forgetAllAppKeys();
      // The same (empty) list when there was none: a signed-out page's try-it does not render again after hydration.
      setUsable((current) => (current.length === 0 ? current : []));
      return;
    }
    const found = usableStoredKeys(keys.scope, keys.apps);
    setUsable(found);
    setSelectedId((current) =>
      current && found.some((u) => u.app.appId === current) ? current : (found[0]?.app.appId ?? null),
    );
  }, [keys, signedIn]);

  const selected = usable.find((u) => u.app.appId === selectedId) ?? null;
  const typedKey = typed.trim();
  const activeKey = manual || !selected ? (API_KEY.test(typedKey) ? typedKey : null) : selected.key;
  return {
    usable,
    selected,
    select: setSelectedId,
    manual,
    setManual,
    typed,
    setTyped,
    activeKey,
    validKey: activeKey,
    reveal,
    toggleReveal: () => setReveal((r) => !r),
  };
}

const smallButton =
  "h-9 shrink-0 rounded-md border border-slate-300 px-2.5 text-xs font-semibold hover:border-accent hover:text-accent dark:border-slate-700";

function appLabel(t: (key: string, values?: Record<string, string>) => string, u: UsableKey): string {
  return u.app.contextName
    ? t("tryIt.keyOfAppIn", { app: u.app.appName, context: u.app.contextName })
    : t("tryIt.keyOfApp", { app: u.app.appName });
}

/** The API key part of the try-it form: the stored key masked with Reveal and Copy, or a prompt and a paste field. */
export function TryItKeyField(props: {
  id: string;
  state: TryItKeyState;
  signedIn: boolean;
  pricingPath: string;
  error: ReactNode;
  inputClass: string;
}) {
  const { t } = useTranslation();
  const { state } = props;
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (copied === "idle") return;
    const timer = window.setTimeout(() => setCopied("idle"), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const stored = !state.manual ? state.selected : null;
  return (
    <div data-testid="try-it-key-field">
      <p id={`${props.id}-label`} className="mb-1 block text-sm font-medium">
        {t("tryIt.apiKey")}
      </p>
      {stored ? (
        <div className="flex flex-col gap-2">
          {state.usable.length > 1 && (
            <select
              aria-label={t("tryIt.keyApp")}
              data-testid="try-it-key-app"
              value={stored.app.appId}
              onChange={(e) => state.select(e.target.value)}
              className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              {state.usable.map((u) => (
                <option key={u.app.appId} value={u.app.appId}>
                  {appLabel(t, u)}
                </option>
              ))}
            </select>
          )}
          {state.usable.length === 1 && (
            <p className="text-xs text-slate-600 dark:text-slate-400">{appLabel(t, stored)}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <code
              data-testid="try-it-key-value"
              dir="ltr"
              className="flex h-9 min-w-0 flex-1 items-center truncate rounded-md border border-slate-300 bg-slate-50 px-2.5 font-mono text-sm dark:border-slate-700 dark:bg-slate-950"
            >
              {state.reveal ? stored.key : maskKey(stored.key)}
            </code>
            <button
              type="button"
              data-testid="try-it-key-reveal"
              aria-pressed={state.reveal}
              onClick={state.toggleReveal}
              className={smallButton}
            >
              {state.reveal ? t("tryIt.hideKey") : t("tryIt.revealKey")}
            </button>
            <button
              type="button"
              data-testid="try-it-key-copy"
              data-state={copied}
              onClick={async () => setCopied((await copyText(stored.key)) ? "copied" : "failed")}
              className={smallButton}
            >
              {copied === "copied"
                ? t("snippets.copied")
                : copied === "failed"
                  ? t("snippets.copyFailed")
                  : t("tryIt.copyKey")}
            </button>
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t("tryIt.keyStoredHint")}{" "}
            <button
              type="button"
              data-testid="try-it-key-other"
              onClick={() => state.setManual(true)}
              className="font-medium text-accent hover:underline"
            >
              {t("tryIt.useOtherKey")}
            </button>
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          {props.signedIn && !state.manual && (
            <p
              data-testid="try-it-key-missing"
              className="rounded-md border border-amber-300/70 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-500/40 dark:bg-amber-950/40 dark:text-amber-100"
            >
              {t("tryIt.noStoredKey")}{" "}
              <LocalLink to="/developer/dashboard" rel="nofollow" className="font-semibold text-accent underline">
                {t("tryIt.manageKeys")}
              </LocalLink>{" "}
              <LocalLink to={props.pricingPath} className="font-semibold text-accent underline">
                {t("tryIt.seePlans")}
              </LocalLink>
            </p>
          )}
          <label htmlFor={props.id} className="text-xs text-slate-600 dark:text-slate-400">
            {t("tryIt.pasteKey")}
          </label>
          <input
            id={props.id}
            data-testid="try-it-key"
            dir="ltr"
            type={state.reveal ? "text" : "password"}
            autoComplete="off"
            spellCheck={false}
            value={state.typed}
            onChange={(e) => state.setTyped(e.target.value)}
            placeholder={t("tryIt.apiKeyPlaceholder")}
            aria-describedby={`${props.id}-help`}
            className={props.inputClass}
          />
          <p id={`${props.id}-help`} className="text-xs text-slate-500 dark:text-slate-400">
            {props.signedIn ? t("tryIt.apiKeyHelpSignedIn") : t("tryIt.apiKeyHelpSignedOut")}
            {state.manual && state.usable.length > 0 && (
              <>
                {" "}
                <button
                  type="button"
                  data-testid="try-it-key-stored"
                  onClick={() => state.setManual(false)}
                  className="font-medium text-accent hover:underline"
                >
                  {t("tryIt.useStoredKey")}
                </button>
              </>
            )}
          </p>
        </div>
      )}
      {props.error}
    </div>
  );
}
