import { redirect } from "react-router";
import { localizePath } from "../../common/i18n/locale-path";
import { SHARED_PAGE_HEADERS } from "../../common/shared-page";
import { getCategoryPage } from "../../core/catalog/catalog.service";
import { getCatalogLocalizer } from "../../core/catalog/catalog-translations.service";
import { ApiCardGrid } from "../components/api-card";
import { Container, PageHeader } from "../components/page-header";
import { Pagination } from "../components/pagination";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { notFound, requireSlug } from "../lib/http-errors";
import { pageMeta } from "../lib/meta";
import { pageLocale } from "../lib/page-locale";
import { pageFromUrl } from "../lib/paging";
import type { Route } from "./+types/category";

const PAGE_SIZE = 24;

/** The same for every signed-out visitor (decision 161): the server may answer the next one from the rendered page. */
export function headers() {
  return SHARED_PAGE_HEADERS;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  // The slug is optional in the spec's route table; without one the list of all categories is the useful page.
  if (params.slug === undefined) {
    throw redirect(localizePath("/categories", pageLocale(params)));
  }
  const slug = requireSlug(params.slug);
  const { page, offset, limit } = pageFromUrl(new URL(request.url), PAGE_SIZE);
  const [result, localizer] = await Promise.all([
    getCategoryPage(context.db, context.tenant.id, slug, { offset, limit }, context.viewer),
    getCatalogLocalizer(context.db, context.tenant.id, pageLocale(params)),
  ]);
  if (!result) notFound();
  const apis = { ...result.apis, items: result.apis.items.map(localizer.card) };
  return { category: localizer.category(result.category), apis, page };
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const { category } = data as { category: { slug: string; name: string } };
    return [
      { path: "/categories", labelKey: "categories.title" },
      { path: `/category/${category.slug}`, label: category.name },
    ];
  },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    { key: "meta.categoryTitle", vars: { name: loaderData?.category.name ?? "" } },
    {
      text: loaderData?.category.description,
      key: "meta.categoryDescription",
      vars: { name: loaderData?.category.name ?? "" },
    },
  );

export default function Category({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { category, apis, page } = loaderData;
  return (
    <>
      <PageHeader title={category.name} intro={category.description ?? t("category.intro", { name: category.name })}>
        <p className="mt-3 text-sm font-medium text-slate-500 dark:text-slate-400">
          {t("common.apiCount", { count: apis.total })}
        </p>
      </PageHeader>
      <Container className="flex flex-col gap-8 py-10">
        {apis.items.length === 0 ? (
          <p className="text-slate-500 dark:text-slate-400">{t("category.empty")}</p>
        ) : (
          <ApiCardGrid apis={apis.items} />
        )}
        <Pagination page={page} total={apis.total} pageSize={PAGE_SIZE} />
      </Container>
    </>
  );
}
