import { Form } from "react-router";
import { joinOrganization, listJoinableOrganizations } from "../../../core/orgs/orgs.service";
import { Container, PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { FormError } from "../../components/ui/form-field";
import { useTranslation } from "../../i18n/use-translation";
import { type ActionResult, formText, runAction } from "../../lib/action-result.server";
import { requireActionCsrf } from "../../lib/csrf.server";
import { localizedRedirect } from "../../lib/localized-redirect.server";
import { pageMeta } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { translateServerMessage } from "../../lib/server-messages";
import type { Route } from "./+types/join";

/** /org/organizations/join: organizations claiming the user's corporate domain (none when the domain is ignored). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, tenant, viewer } = context;
  return { organizations: viewer ? await listJoinableOrganizations({ db, tenantId: tenant.id, viewer }) : [] };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  requireActionCsrf(request, form);
  const orgId = formText(form, "organizationId");
  const result: ActionResult = await runAction("join", () =>
    joinOrganization({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, orgId),
  );
  if (result.ok) return localizedRedirect(`/org?org=${encodeURIComponent(orgId)}`, params.lang);
  return result;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "meta.orgJoinTitle" }),
  { name: "robots", content: "noindex" },
];

export default function JoinOrganization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <>
      <PageHeader title={t("org.joinTitle")} intro={t("org.joinIntro")} />
      <Container className="flex max-w-3xl flex-col gap-4 py-8">
        <FormError message={actionData && !actionData.ok ? translateServerMessage(t, actionData.message) : null} />
        {loaderData.organizations.length === 0 ? (
          <EmptyState data-testid="no-joinable">{t("org.noJoinable")}</EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {loaderData.organizations.map((org) => (
              <li
                key={org.id}
                data-testid="joinable-org"
                className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="min-w-0">
                  <p dir="auto" className="font-semibold">
                    {org.name}
                  </p>
                  {org.description && (
                    <p dir="auto" className="truncate text-sm text-slate-500 dark:text-slate-400">
                      {org.description}
                    </p>
                  )}
                </div>
                <Form method="post">
                  <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
                  <input type="hidden" name="organizationId" value={org.id} />
                  <Button type="submit">{t("org.joinButton")}</Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}
