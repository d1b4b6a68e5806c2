import { useState } from "react";
import { redirect } from "react-router";
import { safeReferral } from "../../../api/auth/http-answers";
import { isValidHttpUrl } from "../../../common/url";
import { AuthCard, AuthForm } from "../../components/auth-form";
import { FormField, FormNotice, SubmitButton } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { pageMeta } from "../../lib/meta";
import { withReferral } from "../../lib/nav";
import { useLocalize, useRootData } from "../../lib/root-data";
import type { Route } from "./+types/sign-up";

const ERROR_CODES = new Set(["BAD_REQUEST", "CONFLICT", "RATE_LIMITED", "CSRF"]);

/**
 * /auth/sign-up?referral={path}. Spec section 2: when the tenant configures an external sign-up address and it is a
 * valid URL, visitors go there instead. A sign-up never signs in (decision 022): the page then says "check your
 * inbox" (after a form post without JavaScript: ?sent=1), for new and registered addresses alike.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const external = context.tenant.config.externalSignupUrl;
  if (external && isValidHttpUrl(external)) throw redirect(external);
  const url = new URL(request.url);
  const referral = url.searchParams.get("referral");
  if (context.viewer) throw redirect(safeReferral(referral));
  const error = url.searchParams.get("error");
  return {
    referral: referral ? safeReferral(referral) : null,
    errorCode: error && ERROR_CODES.has(error) ? error : null,
    sent: url.searchParams.get("sent") === "1",
  };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { key: "meta.signUpTitle" });

export default function SignUp({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const referral = loaderData.referral ?? localize("/hub");
  const [sent, setSent] = useState(loaderData.sent);
  if (sent) {
    return (
      <AuthCard title={t("auth.checkInboxTitle")}>
        <div data-testid="sign-up-sent" className="flex flex-col gap-3">
          <FormNotice message={t("auth.checkInbox")} />
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("auth.checkInboxHint")}</p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t("auth.signUpTitle", { brand: root?.brand ?? "" })}
      intro={t("auth.signUpIntro")}
      footer={
        <>
          {t("auth.haveAccount")}{" "}
          <a
            href={withReferral(localize("/auth"), referral)}
            data-testid="to-sign-in"
            className="font-semibold text-accent hover:underline"
          >
            {t("auth.logInInstead")}
          </a>
        </>
      }
    >
      <AuthForm
        action="/authentication/sign-up"
        csrfToken={root?.csrfToken ?? ""}
        testId="sign-up-form"
        initialError={loaderData.errorCode ? t(`auth.errors.${loaderData.errorCode}`) : null}
        onSuccess={() => setSent(true)}
      >
        {(state) => (
          <>
            <input type="hidden" name="referral" value={referral} />
            <FormField
              name="email"
              type="email"
              label={t("auth.email")}
              autoComplete="email"
              required
              maxLength={254}
              error={state.fields.email}
            />
            <FormField
              name="username"
              label={t("auth.username")}
              autoComplete="username"
              required
              minLength={3}
              maxLength={30}
              hint={t("auth.usernameHint")}
              error={state.fields.username}
            />
            <FormField
              name="password"
              type="password"
              label={t("auth.password")}
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              hint={t("auth.passwordHint")}
              error={state.fields.password}
            />
            <SubmitButton busy={state.busy} testId="sign-up-submit" className="mt-1 w-full">
              {state.busy ? t("auth.working") : t("auth.signUpButton")}
            </SubmitButton>
          </>
        )}
      </AuthForm>
    </AuthCard>
  );
}
