import {
  createApi,
  listCategoryOptions,
  resolvePublishingContext,
} from "../../../core/api-products/api-products.service";
import { Container, PageHeader } from "../../components/page-header";
import { ApiForm, formValues } from "../../components/studio/api-form";
import { StudioPanel } from "../../components/studio/studio-panel";
import { useTranslation } from "../../i18n/use-translation";
import { type ActionResult, formText, runAction } from "../../lib/action-result.server";
import type { RouteHandle } from "../../lib/breadcrumbs";
import { requireActionCsrf } from "../../lib/csrf.server";
import { localizedRedirect } from "../../lib/localized-redirect.server";
import { pageMeta } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { requireStudio } from "../../lib/route-guards.server";
import { translateFields, translateServerMessage } from "../../lib/server-messages";
import { readLimitedForm } from "../../lib/spec-upload.server";
import { apiFieldsFromForm, apiInputFromForm, writeOptions } from "../../lib/studio.server";
import type { Route } from "./+types/studio-new";

/** /studio/new: create an API in the personal context or the organization named by ?context=. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { viewer, base } = await requireStudio(context, request, params.lang);
  const contextId = new URL(request.url).searchParams.get("context");
  const publishing = await resolvePublishingContext({ db: context.db, tenantId: context.tenant.id, viewer }, contextId);
  const categories = await listCategoryOptions(context.db, context.tenant.id);
  return { base, contextId: publishing.type === "Organization" ? publishing.ownerId : null, publishing, categories };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { base } = await requireStudio(context, request, params.lang);
  const form = await readLimitedForm(request, 256 * 1024);
  requireActionCsrf(request, form);
  let createdId = "";
  const result: ActionResult = await runAction("create", async () => {
    const api = await createApi(
      { db: context.db, tenantId: context.tenant.id, viewer: context.viewer },
      { ...apiInputFromForm(form), contextId: formText(form, "contextId") || null },
      writeOptions(context),
    );
    createdId = api.id;
  });
  if (result.ok) return localizedRedirect(`${base}/apis/${encodeURIComponent(createdId)}?created=1`, params.lang);
  // Sent back so the form shows what was typed, also after a post without JavaScript (a full page load).
  return { ...result, values: apiFieldsFromForm(form) };
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const { base } = data as { base: string };
    return [
      { path: base, labelKey: "studio.title" },
      { path: `${base}/new`, labelKey: "studio.newTitle" },
    ];
  },
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "studio.meta.newTitle" }),
  { name: "robots", content: "noindex" },
];

export default function StudioNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const failed = actionData && !actionData.ok ? actionData : null;
  const fields = translateFields(t, failed?.fields);
  const formError = failed && Object.keys(fields).length === 0 ? translateServerMessage(t, failed.message) : null;
  const { publishing } = loaderData;
  return (
    <>
      <PageHeader title={t("studio.newTitle")} intro={t("studio.newIntro")}>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {t("studio.publishingAs")}:{" "}
          <strong>
            {publishing.type === "User" ? t("studio.personal", { name: publishing.name }) : publishing.name}
          </strong>
        </p>
      </PageHeader>
      <Container className="py-8">
        <div className="max-w-4xl">
          <StudioPanel title={t("studio.form.details")}>
            <ApiForm
              csrfToken={root?.csrfToken ?? ""}
              intent="create"
              categories={loaderData.categories}
              contextId={loaderData.contextId}
              values={failed ? formValues(failed.values) : undefined}
              error={formError}
              fields={fields}
            />
          </StudioPanel>
        </div>
      </Container>
    </>
  );
}
