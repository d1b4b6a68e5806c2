import { useEffect } from "react";
import { useTranslation } from "../i18n/use-translation";
import { CloseIcon } from "./icons";

const SHOW_MS = 6_000;

/** A short message at the bottom of the screen (announced to screen readers), gone after a few seconds. */
export function NoticeToast(props: { message: string | null; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { message, onDismiss } = props;
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onDismiss, SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [message, onDismiss]);
  return (
    <div aria-live="assertive" className="pointer-events-none fixed inset-x-0 bottom-4 z-[70] flex justify-center px-4">
      {message && (
        <div
          role="alert"
          data-testid="notice"
          className="pointer-events-auto flex max-w-md items-start gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-xl ring-1 ring-white/10 dark:bg-slate-800"
        >
          <span className="mt-0.5 size-2 shrink-0 rounded-full bg-danger" aria-hidden="true" />
          <p className="flex-1">{message}</p>
          <button
            type="button"
            onClick={onDismiss}
            aria-label={t("follow.dismiss")}
            className="-m-1 rounded p-1 text-slate-300 hover:text-white"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
