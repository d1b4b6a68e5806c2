import { AuthCard, AuthForm } from "../../components/auth-form";
import { LocalLink } from "../../components/localized-link";
import { FormError, FormField, SubmitButton } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { pageMeta } from "../../lib/meta";
import { useLocalize, useRootData } from "../../lib/root-data";
import type { Route } from "./+types/reset-password";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** /auth/reset-password?token=…: the link from the reset e-mail. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const error = url.searchParams.get("error");
  return {
    token: TOKEN.test(token) ? token : null,
    errorCode: error === "BAD_REQUEST" || error === "CSRF" || error === "RATE_LIMITED" ? error : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "meta.resetPasswordTitle" }),
  { name: "robots", content: "noindex" },
];

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  return (
    <AuthCard
      title={t("auth.resetTitle")}
      intro={t("auth.resetIntro")}
      footer={
        <LocalLink to="/auth/forgot-password" className="font-semibold text-accent hover:underline">
          {t("auth.forgotTitle")}
        </LocalLink>
      }
    >
      {loaderData.token ? (
        <AuthForm
          action="/authentication/password-reset/confirm"
          csrfToken={root?.csrfToken ?? ""}
          testId="reset-password-form"
          initialError={loaderData.errorCode ? t(`auth.errors.${loaderData.errorCode}`) : null}
          onSuccess={() => window.location.assign(localize("/hub"))}
        >
          {(state) => (
            <>
              <input type="hidden" name="token" value={loaderData.token ?? ""} />
              <FormField
                name="password"
                type="password"
                label={t("auth.newPassword")}
                autoComplete="new-password"
                required
                minLength={8}
                maxLength={128}
                hint={t("auth.passwordHint")}
                error={state.fields.password ?? state.fields.token}
              />
              <SubmitButton busy={state.busy} testId="reset-password-submit" className="w-full">
                {state.busy ? t("auth.working") : t("auth.resetButton")}
              </SubmitButton>
            </>
          )}
        </AuthForm>
      ) : (
        <FormError message={t("auth.resetMissingToken")} />
      )}
    </AuthCard>
  );
}
