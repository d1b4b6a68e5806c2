import { Form, useNavigation } from "react-router";
import type { Viewer } from "../../../core/accounts/accounts.types";
import {
  deleteOrganization,
  getOrganization,
  listMyOrganizations,
  updateOrganization,
} from "../../../core/orgs/orgs.service";
import { LocalLink } from "../../components/localized-link";
import { Container, PageHeader } from "../../components/page-header";
import { FormError, FormField, FormNotice, SubmitButton } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { formText, runAction } from "../../lib/action-result.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { notFound } from "../../lib/http-errors";
import { localizedRedirect } from "../../lib/localized-redirect.server";
import { pageMeta } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { requireViewer } from "../../lib/route-guards.server";
import { translateFields, translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/entity-settings";

/*
 * /{entity}/settings (spec section 2, "Entity or user settings"): the entity is the signed-in user (→ /user/settings)
 * or an organization slug. Only the organization's admins edit it (name, description, picture, corporate domain) or
 * delete it; for anyone else the page does not exist (404), as for an unknown slug.
 */

const ENTITY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/** The organization of this slug that the viewer administers, or 404. */
async function administeredOrg(context: Route.LoaderArgs["context"], viewer: Viewer, entity: string) {
  const mine = await listMyOrganizations({ db: context.db, tenantId: context.tenant.id, viewer });
  const org = mine.find((o) => o.slugifiedName === entity.toLowerCase());
  if (org?.role !== "admin") notFound();
  return org;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request, params.lang);
  if (!ENTITY.test(params.entity)) notFound();
  if (params.entity.toLowerCase() === viewer.username.toLowerCase()) {
    throw localizedRedirect("/user/settings", params.lang);
  }
  const org = await administeredOrg(context, viewer, params.entity);
  const detail = await getOrganization({ db: context.db, tenantId: context.tenant.id, viewer }, org.id);
  return {
    organization: {
      id: detail.id,
      name: detail.name,
      slug: detail.slugifiedName,
      description: detail.description,
      thumbnail: detail.thumbnail,
      corporateDomain: detail.corporateDomains[0] ?? "",
    },
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const viewer = requireViewer(context, request, params.lang);
  const form = await request.formData();
  requireActionCsrf(request, form);
  if (!ENTITY.test(params.entity)) notFound();
  const org = await administeredOrg(context, viewer, params.entity);
  const intent = formText(form, "intent") === "delete" ? "delete" : "update";
  if (intent === "delete") {
    // The name typed again guards against deleting the wrong organization by a stray click.
    if (formText(form, "confirmName").trim() !== org.name) {
      return {
        ok: false as const,
        intent,
        code: "BAD_REQUEST",
        message: "Type the organization's name to delete it",
        fields: { confirmName: "Type the organization's name to delete it" },
      };
    }
    const result = await runAction(intent, () =>
      deleteOrganization({ db: context.db, tenantId: context.tenant.id, viewer }, org.id),
    );
    if (result.ok) return localizedRedirect("/org", params.lang);
    return result;
  }
  return runAction(intent, () =>
    updateOrganization({ db: context.db, tenantId: context.tenant.id, viewer }, org.id, {
      name: formText(form, "name"),
      description: formText(form, "description"),
      thumbnail: formText(form, "thumbnail"),
      corporateDomain: formText(form, "corporateDomain").trim() || null,
    }),
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, { key: "meta.orgSettingsTitle", vars: { name: loaderData?.organization.name ?? "" } }),
  { name: "robots", content: "noindex" },
];

export default function EntitySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const org = loaderData.organization;
  const csrfToken = root?.csrfToken ?? "";
  const busy = navigation.state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const fields = translateFields(t, failed?.fields);
  const updateError =
    failed?.intent === "update" && Object.keys(fields).length === 0 ? translateServerMessage(t, failed.message) : null;
  return (
    <>
      <PageHeader title={t("org.settingsTitle", { name: org.name })} intro={t("org.settingsIntro")}>
        <LocalLink
          to={`/org?org=${encodeURIComponent(org.id)}`}
          className="mt-4 inline-flex text-sm font-semibold text-accent hover:underline"
        >
          {t("org.manageTitle")}
        </LocalLink>
      </PageHeader>
      <Container className="flex flex-col gap-12 py-8">
        <Form method="post" data-testid="org-settings-form" className="flex max-w-xl flex-col gap-4">
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <input type="hidden" name="intent" value="update" />
          <FormError message={updateError} />
          {actionData?.ok && <FormNotice message={t("org.done")} />}
          <FormField
            name="name"
            label={t("org.name")}
            required
            minLength={2}
            maxLength={80}
            defaultValue={org.name}
            error={failed?.intent === "update" ? fields.name : null}
          />
          <FormField
            name="description"
            label={t("org.description")}
            maxLength={1000}
            multiline
            defaultValue={org.description ?? ""}
            error={failed?.intent === "update" ? fields.description : null}
          />
          <FormField
            name="thumbnail"
            label={t("org.thumbnail")}
            maxLength={2048}
            placeholder="https://"
            defaultValue={org.thumbnail ?? ""}
            error={failed?.intent === "update" ? fields.thumbnail : null}
          />
          <FormField
            name="corporateDomain"
            label={t("org.corporateDomain")}
            maxLength={253}
            placeholder="example.com"
            hint={t("org.corporateDomainHint")}
            defaultValue={org.corporateDomain}
            error={failed?.intent === "update" ? fields.corporateDomain : null}
          />
          <div>
            <SubmitButton busy={busy} testId="org-settings-submit">
              {t("org.saveSettings")}
            </SubmitButton>
          </div>
        </Form>
        <section
          aria-labelledby="org-delete-title"
          className="flex max-w-xl flex-col gap-3 rounded-2xl border border-danger/40 p-6"
        >
          <h2 id="org-delete-title" className="text-lg font-bold text-danger">
            {t("org.deleteTitle")}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("org.deleteIntro")}</p>
          <Form method="post" data-testid="org-delete-form" className="flex flex-col gap-3">
            <input type="hidden" name="csrfToken" value={csrfToken} />
            <input type="hidden" name="intent" value="delete" />
            <FormField
              name="confirmName"
              label={t("org.deleteConfirm", { name: org.name })}
              autoComplete="off"
              error={
                failed?.intent === "delete" ? (fields.confirmName ?? translateServerMessage(t, failed.message)) : null
              }
            />
            <div>
              <button
                type="submit"
                disabled={busy}
                data-testid="org-delete-submit"
                className="rounded-lg bg-danger-fill px-4 py-2 text-sm font-semibold text-white hover:brightness-110 disabled:opacity-60"
              >
                {t("org.deleteButton")}
              </button>
            </div>
          </Form>
        </section>
      </Container>
    </>
  );
}
