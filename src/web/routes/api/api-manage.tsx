import { localizePath } from "../../../common/i18n/locale-path";
import { isPrefixedLocale } from "../../../common/locales";
import { listCategoryOptions, requireEditableApi } from "../../../core/api-products/api-products.service";
import { listApiVersions } from "../../../core/api-specs/api-specs.service";
import { ManageApiPanels } from "../../components/studio/manage-api-panels";
import { McpToolsPanel } from "../../components/studio/mcp-tools-panel";
import { pageMeta } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { requireEditor } from "../../lib/route-guards.server";
import { handleManageAction, studioBase } from "../../lib/studio.server";
import type { Route } from "./+types/api-manage";

/**
 * Manage tab: only the owner, or someone whose context tree (10 levels) holds the owner (spec section 6), sees or
 * reaches it; everyone else gets the same 404 as a missing page.
 */
async function editableOr404({ context, params, request }: Route.LoaderArgs | Route.ActionArgs) {
  const { api } = await requireEditor(context, request, params);
  return requireEditableApi({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id);
}

export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  const api = await editableOr404(args);
  const [versions, categories] = await Promise.all([
    listApiVersions({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id),
    listCategoryOptions(context.db, context.tenant.id),
  ]);
  return { api, versions, categories };
}

export async function action(args: Route.ActionArgs) {
  const { context, params, request } = args;
  const api = await editableOr404(args);
  const base = studioBase(context);
  return handleManageAction(
    context,
    request,
    api.id,
    params.lang && isPrefixedLocale(params.lang) ? localizePath(base, params.lang) : base,
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, { key: "studio.meta.manageTitle", vars: { name: loaderData?.api.name ?? "" } }),
  { name: "robots", content: "noindex" },
];

export default function ApiManage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <div data-testid="manage-tab" className="max-w-4xl">
      <ManageApiPanels
        api={loaderData.api}
        versions={loaderData.versions}
        categories={loaderData.categories}
        csrfToken={root?.csrfToken ?? ""}
        actionData={actionData}
      />
      <div className="mt-8">
        <McpToolsPanel apiId={loaderData.api.id} />
      </div>
    </div>
  );
}
