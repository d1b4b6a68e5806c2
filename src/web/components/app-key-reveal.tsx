import { useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { CheckIcon } from "./account-icons";
import { Button } from "./ui/button";

/**
 * The full API key, right after it was created or rotated: the only time it can be seen, because the server keeps
 * only its hash. A copy button and a clear warning; once dismissed (or after a reload) it is gone for good.
 */
export function AppKeyReveal(props: { secret: string; rotated?: boolean; onDismiss?: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret);
      setCopied(true);
      setFailed(false);
    } catch {
      // No clipboard permission (or an insecure origin): the key is selectable text, so say how to copy it by hand.
      setFailed(true);
    }
  };
  return (
    <div
      data-testid="key-reveal"
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-amber-400/60 bg-amber-50 p-4 text-slate-900 dark:border-amber-400/40 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <p className="text-sm font-semibold">{props.rotated ? t("apps.keyRotatedTitle") : t("apps.keyCreatedTitle")}</p>
      <p data-testid="key-warning" className="text-sm">
        {t("apps.keyOnceWarning")}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="key-secret"
          className="min-w-0 flex-1 select-all break-all rounded-lg bg-white px-3 py-2 font-mono text-sm ring-1 ring-amber-300 dark:bg-slate-950 dark:ring-amber-500/40"
        >
          {props.secret}
        </code>
        <div className="flex gap-2">
          <Button
            type="button"
            data-testid="copy-key"
            onClick={() => void copy()}
            className="inline-flex items-center gap-1.5"
          >
            {copied && <CheckIcon className="size-4" />}
            {copied ? t("apps.copied") : t("apps.copyKey")}
          </Button>
          {props.onDismiss && (
            <button
              type="button"
              data-testid="dismiss-key"
              onClick={props.onDismiss}
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-white dark:border-slate-600 dark:hover:bg-slate-900"
            >
              {t("apps.keySaved")}
            </button>
          )}
        </div>
      </div>
      <p aria-live="polite" className="text-xs">
        {copied && <span data-testid="key-copied">{t("apps.copiedHint")}</span>}
        {failed && <span data-testid="copy-failed">{t("apps.copyFailed")}</span>}
      </p>
    </div>
  );
}
