import { useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { withReferral } from "../lib/nav";
import { useLocalize, useRootData } from "../lib/root-data";

/** Spec section 6: signed-out visitors are prompted to log in or register to subscribe (a slim banner here). */
export function PlanLoginPrompt(props: { message: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const root = useRootData();
  const location = useLocation();
  const current = location.pathname + location.search;
  return (
    <div
      data-testid="login-panel"
      className="flex flex-col gap-3 rounded-xl border border-accent/30 bg-accent/5 px-4 py-3 sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-sm font-medium text-slate-700 dark:text-slate-200">{props.message}</p>
      <div className="flex gap-2">
        <a
          href={withReferral(localize("/auth"), current)}
          data-testid="panel-login"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
        >
          {t("nav.logIn")}
        </a>
        <a
          href={root?.externalSignupUrl ?? withReferral(localize("/auth/sign-up"), current)}
          data-testid="panel-signup"
          className="rounded-lg bg-signup px-4 py-2 text-sm font-semibold text-signup-fg hover:brightness-110"
        >
          {t("nav.signUp")}
        </a>
      </div>
    </div>
  );
}
