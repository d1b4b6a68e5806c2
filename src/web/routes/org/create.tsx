import { Form, useNavigation } from "react-router";
import { createOrganization } from "../../../core/orgs/orgs.service";
import { Container, PageHeader } from "../../components/page-header";
import { FormError, FormField, SubmitButton } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { type ActionResult, formText, runAction } from "../../lib/action-result.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { localizedRedirect } from "../../lib/localized-redirect.server";
import { pageMeta } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { translateFields, translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/create";

/** /org/organizations/create (signed in; the layout's guard sends others to sign in). */
export async function loader() {
  return null;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  requireActionCsrf(request, form);
  const { db, tenant, viewer } = context;
  let createdId = "";
  const result: ActionResult = await runAction("create", async () => {
    const org = await createOrganization(
      { db, tenantId: tenant.id, viewer },
      {
        name: formText(form, "name"),
        slug: formText(form, "slug").trim() || null,
        description: formText(form, "description"),
        corporateDomain: formText(form, "corporateDomain").trim() || null,
      },
    );
    createdId = org.id;
  });
  if (result.ok) return localizedRedirect(`/org?org=${encodeURIComponent(createdId)}`, params.lang);
  return result;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "meta.orgCreateTitle" }),
  { name: "robots", content: "noindex" },
];

export default function CreateOrganization({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const failed = actionData && !actionData.ok ? actionData : null;
  const fields = translateFields(t, failed?.fields);
  const formError = failed && Object.keys(fields).length === 0 ? translateServerMessage(t, failed.message) : null;
  return (
    <>
      <PageHeader title={t("org.createTitle")} intro={t("org.createIntro")} />
      <Container className="py-8">
        <Form method="post" data-testid="create-org-form" className="flex max-w-xl flex-col gap-4">
          <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
          <FormError message={formError} />
          <FormField name="name" label={t("org.name")} required minLength={2} maxLength={80} error={fields.name} />
          <FormField name="slug" label={t("org.slug")} maxLength={100} hint={t("org.slugHint")} error={fields.slug} />
          <FormField
            name="description"
            label={t("org.description")}
            maxLength={1000}
            multiline
            error={fields.description}
          />
          <FormField
            name="corporateDomain"
            label={t("org.corporateDomain")}
            maxLength={253}
            placeholder="example.com"
            hint={t("org.corporateDomainHint")}
            error={fields.corporateDomain}
          />
          <div>
            <SubmitButton busy={navigation.state === "submitting"} testId="create-org-submit">
              {t("org.createButton")}
            </SubmitButton>
          </div>
        </Form>
      </Container>
    </>
  );
}
