import { useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { withReferral } from "../lib/nav";
import { useLocalize } from "../lib/root-data";
import { ButtonAnchor } from "./ui/button";

/**
 * In place of a form a signed-out visitor could fill but not send (spec: posting requires login; issue 18): what to do,
 * and links to log in or sign up that come back to this page.
 */
export function SignInToPost(props: { message: string; className?: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const location = useLocation();
  const current = location.pathname + location.search;
  return (
    <div data-testid="sign-in-to-post" className={`flex flex-col gap-3 ${props.className ?? ""}`}>
      <p className="text-sm text-slate-600 dark:text-slate-300">{props.message}</p>
      <div className="flex flex-wrap gap-2">
        <ButtonAnchor href={withReferral(localize("/auth"), current)} data-testid="sign-in-to-post-login" size="sm">
          {t("nav.logIn")}
        </ButtonAnchor>
        <ButtonAnchor
          href={withReferral(localize("/auth/sign-up"), current)}
          variant="outline"
          size="sm"
          data-testid="sign-in-to-post-signup"
        >
          {t("nav.signUp")}
        </ButtonAnchor>
      </div>
    </div>
  );
}
