import { redirect } from "react-router";
import { safeReferral } from "../../../api/auth/http-answers";
import { AuthCard, AuthForm } from "../../components/auth-form";
import { LocalLink } from "../../components/localized-link";
import { FormField, FormNotice, SubmitButton } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { pageMeta } from "../../lib/meta";
import { withReferral } from "../../lib/nav";
import { useLocalize, useRootData } from "../../lib/root-data";
import type { Route } from "./+types/sign-in";

const ERROR_CODES = new Set(["BAD_REQUEST", "UNAUTHENTICATED", "CONFLICT", "RATE_LIMITED", "CSRF", "FORBIDDEN"]);

/** /auth?referral={path}: signed-in visitors go straight to the referral. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const referral = url.searchParams.get("referral");
  if (context.viewer) throw redirect(safeReferral(referral));
  const error = url.searchParams.get("error");
  return {
    referral: referral ? safeReferral(referral) : null,
    // A plain form post that failed comes back with ?error=CODE (no JavaScript, so no field messages).
    errorCode: error && ERROR_CODES.has(error) ? error : null,
    resetRequested: url.searchParams.get("reset") === "requested",
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "meta.signInTitle" }),
  { name: "robots", content: "noindex" },
];

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const referral = loaderData.referral ?? localize("/hub");
  const signUp = root?.externalSignupUrl ?? withReferral(localize("/auth/sign-up"), referral);
  return (
    <AuthCard
      title={t("auth.signInTitle", { brand: root?.brand ?? "" })}
      intro={t("auth.signInIntro")}
      footer={
        <>
          {t("auth.noAccount")}{" "}
          <a href={signUp} data-testid="to-sign-up" className="font-semibold text-accent hover:underline">
            {t("auth.createAccount")}
          </a>
        </>
      }
    >
      <AuthForm
        action="/authentication/sign-in"
        csrfToken={root?.csrfToken ?? ""}
        testId="sign-in-form"
        initialError={loaderData.errorCode ? t(`auth.errors.${loaderData.errorCode}`) : null}
        onSuccess={(data) => window.location.assign(typeof data.redirectTo === "string" ? data.redirectTo : referral)}
      >
        {(state) => (
          <>
            {loaderData.resetRequested && <FormNotice message={t("auth.resetRequested")} />}
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
              name="password"
              type="password"
              label={t("auth.password")}
              autoComplete="current-password"
              required
              maxLength={1024}
              error={state.fields.password}
            />
            <div className="flex items-center justify-between gap-3">
              <LocalLink to="/auth/forgot-password" className="text-sm font-medium text-accent hover:underline">
                {t("auth.forgotPassword")}
              </LocalLink>
              <SubmitButton busy={state.busy} testId="sign-in-submit">
                {state.busy ? t("auth.working") : t("auth.signInButton")}
              </SubmitButton>
            </div>
          </>
        )}
      </AuthForm>
    </AuthCard>
  );
}
