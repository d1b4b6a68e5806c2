import { useState } from "react";
import { AuthCard, AuthForm } from "../../components/auth-form";
import { LocalLink } from "../../components/localized-link";
import { FormField, FormNotice, SubmitButton } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { pageMeta } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import type { Route } from "./+types/forgot-password";

export async function loader({ request }: Route.LoaderArgs) {
  const error = new URL(request.url).searchParams.get("error");
  return { errorCode: error === "BAD_REQUEST" || error === "CSRF" ? error : null };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { key: "meta.forgotPasswordTitle" });

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const [sent, setSent] = useState(false);
  return (
    <AuthCard
      title={t("auth.forgotTitle")}
      intro={t("auth.forgotIntro")}
      footer={
        <LocalLink to="/auth" className="font-semibold text-accent hover:underline">
          {t("auth.backToSignIn")}
        </LocalLink>
      }
    >
      {sent ? (
        <FormNotice message={t("auth.resetRequested")} />
      ) : (
        <AuthForm
          action="/authentication/password-reset"
          csrfToken={root?.csrfToken ?? ""}
          testId="forgot-password-form"
          initialError={loaderData.errorCode ? t(`auth.errors.${loaderData.errorCode}`) : null}
          onSuccess={() => setSent(true)}
        >
          {(state) => (
            <>
              <FormField
                name="email"
                type="email"
                label={t("auth.email")}
                autoComplete="email"
                required
                maxLength={254}
                error={state.fields.email}
              />
              <SubmitButton busy={state.busy} testId="forgot-password-submit" className="w-full">
                {state.busy ? t("auth.working") : t("auth.sendResetLink")}
              </SubmitButton>
            </>
          )}
        </AuthForm>
      )}
    </AuthCard>
  );
}
