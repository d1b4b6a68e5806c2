import { useRef } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { withReferral } from "../lib/nav";
import { useLocalize } from "../lib/root-data";
import { CloseIcon } from "./icons";
import { ButtonAnchor } from "./ui/button";
import { Dialog } from "./ui/dialog";

export type PromptReason = "follow" | "save" | "generic";

const TEXT: Record<PromptReason, string> = {
  follow: "follow.promptFollow",
  save: "follow.promptSave",
  generic: "follow.promptGeneric",
};

/** Spec section 6: signed-out visitors are asked to log in or register (back to this page afterwards). */
export function LoginPrompt(props: { reason: PromptReason | null; onClose: () => void }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const current = location.pathname + location.search;

  return (
    <Dialog
      ref={dialog}
      open={props.reason !== null}
      data-testid="login-prompt"
      aria-labelledby="login-prompt-title"
      onClose={props.onClose}
      className="m-auto w-[min(420px,92vw)] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex flex-col gap-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="login-prompt-title" className="text-lg font-bold">
            {t("follow.promptTitle")}
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            aria-label={t("follow.close")}
            className="-m-1 rounded-lg p-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
        <p className="text-slate-600 dark:text-slate-300">{t(TEXT[props.reason ?? "generic"])}</p>
        <div className="flex flex-wrap gap-3">
          <ButtonAnchor
            href={withReferral(localize("/auth"), current)}
            data-testid="prompt-login"
            variant="quiet"
            size="custom"
            className="flex-1 rounded-lg px-4 py-2.5 text-center"
          >
            {t("nav.logIn")}
          </ButtonAnchor>
          <a
            href={withReferral(localize("/auth/sign-up"), current)}
            data-testid="prompt-signup"
            className="flex-1 rounded-lg bg-signup px-4 py-2.5 text-center font-semibold text-signup-fg hover:brightness-110"
          >
            {t("nav.signUp")}
          </a>
        </div>
      </div>
    </Dialog>
  );
}
