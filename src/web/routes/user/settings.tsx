import { Form, useNavigation } from "react-router";
import { publicBaseUrl } from "../../../config";
import { updateProfile } from "../../../core/accounts/accounts.service";
import { resendVerification } from "../../../core/accounts/email-verification.service";
import {
  getNotificationPreferences,
  setNotificationPreferences,
} from "../../../core/notifications/notification-preferences.service";
import { getUserProfile } from "../../../core/social/social.service";
import { LocalLink } from "../../components/localized-link";
import { NotificationSettingsForm } from "../../components/notification-settings-form";
import { Container, PageHeader } from "../../components/page-header";
import { FormError, FormField, FormNotice, SubmitButton } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { formText, runAction } from "../../lib/action-result.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { notFound } from "../../lib/http-errors";
import { pageMeta } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { requireViewer } from "../../lib/route-guards.server";
import { translateFields, translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/settings";

const FIELDS = ["name", "position", "company", "location", "bio", "thumbnail"] as const;

/** /user/settings and /auth/user/settings: the signed-in user's own profile form (only the owner edits it). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db, tenant } = context;
  // The layout's guard already sent signed-out visitors to sign in; this covers a session that just ended.
  const viewer = requireViewer(context, request, params.lang);
  const profile = await getUserProfile({ db, tenantId: tenant.id, viewer }, viewer.username);
  if (!profile) notFound();
  const notifications = await getNotificationPreferences({ db, tenantId: tenant.id, viewer });
  return { profile, email: viewer.email, emailVerified: viewer.emailVerified, notifications };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  requireActionCsrf(request, form);
  const { db, tenant, viewer } = context;
  // Decision 022: an unconfirmed address asks for a new confirmation link here.
  if (formText(form, "intent") === "resend") {
    return runAction("resend", () =>
      resendVerification(db, tenant, viewer, { publicUrl: publicBaseUrl(context.config) }),
    );
  }
  if (formText(form, "intent") === "notifications") {
    const preferences = [...form.keys()]
      .filter((key) => key.startsWith("pref:"))
      .map((key) => ({ kind: key.slice("pref:".length), channel: formText(form, key) }));
    return runAction("notifications", () =>
      setNotificationPreferences(
        { db, tenantId: tenant.id, viewer },
        { preferences, emailDigest: form.get("emailDigest") === "1" },
      ),
    );
  }
  const input: Record<string, string> = {};
  for (const field of FIELDS) input[field] = formText(form, field);
  return runAction("save", () => updateProfile({ db, tenantId: tenant.id, viewer }, viewer?.id ?? "", input));
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "meta.settingsTitle" }),
  { name: "robots", content: "noindex" },
];

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const { profile } = loaderData;
  const resend = actionData?.intent === "resend" ? actionData : undefined;
  const prefs = actionData?.intent === "notifications" ? actionData : undefined;
  const save = actionData?.intent === "resend" || prefs ? undefined : actionData;
  const fields = save && !save.ok ? translateFields(t, save.fields) : {};
  const formError =
    save && !save.ok && Object.keys(fields).length === 0 ? translateServerMessage(t, save.message) : null;
  return (
    <>
      <PageHeader title={t("settings.title")} intro={t("settings.intro")} />
      <Container className="py-8">
        {loaderData.email && (
          <Form
            method="post"
            data-testid="settings-email"
            className="mb-8 flex max-w-2xl flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
          >
            <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
            <input type="hidden" name="intent" value="resend" />
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold">{t("settings.email")}</span>
              <span>{loaderData.email}</span>
              <span
                data-testid="email-status"
                className={
                  loaderData.emailVerified
                    ? "rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold"
                    : "rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
                }
              >
                {loaderData.emailVerified ? t("settings.emailVerified") : t("settings.emailUnverified")}
              </span>
            </div>
            {!loaderData.emailVerified && (
              <>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t("settings.emailUnverifiedHint")}</p>
                <FormError message={resend && !resend.ok ? translateServerMessage(t, resend.message) : null} />
                {resend?.ok && <FormNotice message={t("settings.resendSent")} />}
                <div>
                  <SubmitButton busy={navigation.state === "submitting"} testId="resend-verification">
                    {t("settings.resendButton")}
                  </SubmitButton>
                </div>
              </>
            )}
          </Form>
        )}
        <Form method="post" data-testid="settings-form" className="flex max-w-2xl flex-col gap-4">
          <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
          <FormError message={formError} />
          {save?.ok && <FormNotice message={t("settings.savedNotice")} />}
          <FormField
            name="name"
            label={t("settings.name")}
            defaultValue={profile.name}
            required
            maxLength={100}
            error={fields.name}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              name="position"
              label={t("settings.position")}
              defaultValue={profile.position ?? ""}
              maxLength={100}
              error={fields.position}
            />
            <FormField
              name="company"
              label={t("settings.company")}
              defaultValue={profile.company ?? ""}
              maxLength={100}
              error={fields.company}
            />
          </div>
          <FormField
            name="location"
            label={t("settings.location")}
            defaultValue={profile.location ?? ""}
            maxLength={100}
            error={fields.location}
          />
          <FormField
            name="bio"
            label={t("settings.bio")}
            defaultValue={profile.bio ?? ""}
            maxLength={1000}
            multiline
            error={fields.bio}
          />
          <FormField
            name="thumbnail"
            type="url"
            label={t("settings.thumbnail")}
            defaultValue={profile.thumbnail ?? ""}
            maxLength={2048}
            error={fields.thumbnail}
          />
          <div className="flex items-center gap-4">
            <SubmitButton busy={navigation.state === "submitting"} testId="settings-submit">
              {t("settings.saveButton")}
            </SubmitButton>
            <LocalLink
              to={`/user/${encodeURIComponent(profile.username)}`}
              className="text-sm font-semibold text-accent hover:underline"
            >
              {t("settings.viewProfile")}
            </LocalLink>
          </div>
        </Form>
        <NotificationSettingsForm
          items={loaderData.notifications.items}
          emailDigest={loaderData.notifications.emailDigest}
          saved={!!prefs?.ok}
          error={prefs && !prefs.ok ? translateServerMessage(t, prefs.message) : null}
        />
      </Container>
    </>
  );
}
