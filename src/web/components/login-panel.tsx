import { useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { withReferral } from "../lib/nav";
import { useLocalize, useRootData } from "../lib/root-data";
import { ButtonAnchor } from "./ui/button";

/** The in-page login prompt (spec section 2 my-saved-apis, section 6 browse-only visitors). */
export function LoginPanel(props: { message: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const root = useRootData();
  const location = useLocation();
  const current = location.pathname + location.search;
  return (
    <div
      data-testid="login-panel"
      className="mx-auto flex max-w-lg flex-col items-center gap-5 rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="text-lg text-slate-700 dark:text-slate-200">{props.message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonAnchor
          href={withReferral(localize("/auth"), current)}
          data-testid="panel-login"
          variant="quiet"
          size="lg"
        >
          {t("nav.logIn")}
        </ButtonAnchor>
        <a
          href={root?.externalSignupUrl ?? withReferral(localize("/auth/sign-up"), current)}
          data-testid="panel-signup"
          className="rounded-lg bg-signup px-5 py-2.5 font-semibold text-signup-fg hover:brightness-110"
        >
          {t("nav.signUp")}
        </a>
      </div>
    </div>
  );
}
