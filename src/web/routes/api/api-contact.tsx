import { Form, useLocation, useNavigation } from "react-router";
import { MESSAGE_LIMITS } from "../../../core/messages/message-limits";
import { sendApiMessage } from "../../../core/messages/messages.service";
import { LocalLink } from "../../components/localized-link";
import { FormError, FormField, SubmitButton } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { type ActionResult, formText, runAction } from "../../lib/action-result.server";
import { loadApiOr404 } from "../../lib/api-detail.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { localizedRedirect } from "../../lib/localized-redirect.server";
import { pageMeta } from "../../lib/meta";
import { withReferral } from "../../lib/nav";
import { useRootData } from "../../lib/root-data";
import { translateFields, translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/api-contact";

/**
 * "Contact" on the API page (the spec's /page/contact points here): a signed-in user writes to the API's provider;
 * signed-out visitors are asked to log in (spec section 6). The conversation continues in /developer/messages.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const api = await loadApiOr404(context, params);
  return { name: api.name, signedIn: !!context.viewer };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const api = await loadApiOr404(context, params);
  const form = await request.formData();
  requireActionCsrf(request, form);
  let threadId = "";
  const result: ActionResult = await runAction("send", async () => {
    ({ threadId } = await sendApiMessage(
      { db: context.db, tenantId: context.tenant.id, viewer: context.viewer },
      {
        apiId: api.id,
        subject: formText(form, "subject"),
        body: formText(form, "body"),
      },
    ));
  });
  if (result.ok) return localizedRedirect(`/developer/messages/${threadId}`, params.lang);
  return result;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "messages.contactTitle", vars: { name: loaderData?.name ?? "" } });

export default function ApiContact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const location = useLocation();
  const navigation = useNavigation();
  const fields = actionData && !actionData.ok ? translateFields(t, actionData.fields) : {};
  const formError =
    actionData && !actionData.ok && Object.keys(fields).length === 0
      ? translateServerMessage(t, actionData.message)
      : null;
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4" data-testid="contact-section">
      <h2 className="text-xl font-bold tracking-tight">{t("messages.contactTitle", { name: loaderData.name })}</h2>
      <p className="text-slate-600 dark:text-slate-400">{t("messages.contactIntro", { name: loaderData.name })}</p>
      {!loaderData.signedIn ? (
        <div
          data-testid="contact-login-prompt"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <p>{t("messages.signInToContact")}</p>
          <LocalLink
            to={withReferral("/auth", location.pathname)}
            className="rounded-lg bg-accent px-4 py-2 font-semibold text-white hover:brightness-110"
          >
            {t("nav.logIn")}
          </LocalLink>
        </div>
      ) : (
        <Form method="post" data-testid="contact-form" className="flex flex-col gap-4">
          <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
          <FormError message={formError} />
          <FormField
            name="subject"
            label={t("messages.subject")}
            required
            maxLength={MESSAGE_LIMITS.subject}
            error={fields.subject}
          />
          <FormField
            name="body"
            label={t("messages.body")}
            required
            multiline
            maxLength={MESSAGE_LIMITS.body}
            error={fields.body}
          />
          <div>
            <SubmitButton busy={navigation.state === "submitting"} testId="contact-submit">
              {t("messages.send")}
            </SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
