import { safeReferral } from "../../../api/auth/http-answers";
import { switchLocalePath } from "../../../common/i18n/locale-path";
import { AuthCard, AuthForm } from "../../components/auth-form";
import { FormError, SubmitButton } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { pageMeta } from "../../lib/meta";
import { useLocale, useRootData } from "../../lib/root-data";
import type { Route } from "./+types/verify-email";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * /auth/verify-email?token=…&tenant=…: the link from the sign-up e-mail (decision 022). Opening it changes nothing:
 * mail scanners fetch links, and a single-use link they consumed would be lost; the button posts the token, which
 * confirms the address and signs in.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const error = url.searchParams.get("error");
  const next = url.searchParams.get("next");
  return {
    token: TOKEN.test(token) ? token : null,
    referral: next ? safeReferral(next) : "/hub",
    errorCode: error === "BAD_REQUEST" || error === "CSRF" ? error : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "meta.verifyEmailTitle" }),
  { name: "robots", content: "noindex" },
];

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const locale = useLocale();
  const linkError = loaderData.errorCode === "BAD_REQUEST" ? t("auth.verifyMissingToken") : null;
  return (
    <AuthCard title={t("auth.verifyTitle")} intro={t("auth.verifyIntro")}>
      {loaderData.token ? (
        <AuthForm
          action="/authentication/verify-email"
          csrfToken={root?.csrfToken ?? ""}
          testId="verify-email-form"
          initialError={linkError ?? (loaderData.errorCode ? t(`auth.errors.${loaderData.errorCode}`) : null)}
          onSuccess={(data) =>
            // The target may carry a language prefix (a referral) or not (the join page): land in this page's language.
            window.location.assign(
              switchLocalePath(typeof data.redirectTo === "string" ? data.redirectTo : "/hub", locale),
            )
          }
        >
          {(state) => (
            <>
              <input type="hidden" name="token" value={loaderData.token ?? ""} />
              <input type="hidden" name="referral" value={loaderData.referral} />
              <FormError message={state.fields.token} />
              <SubmitButton busy={state.busy} testId="verify-email-submit" className="w-full">
                {state.busy ? t("auth.working") : t("auth.verifyButton")}
              </SubmitButton>
            </>
          )}
        </AuthForm>
      ) : (
        <FormError message={t("auth.verifyMissingToken")} />
      )}
    </AuthCard>
  );
}
