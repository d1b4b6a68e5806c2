import { redirect } from "react-router";
import { localizePath } from "../../common/i18n/locale-path";
import { SHARED_PAGE_HEADERS } from "../../common/shared-page";
import { getCatalogLocalizer } from "../../core/catalog/catalog-translations.service";
import { browseCategory } from "../../core/search/category-browse.service";
import { isCategorySort } from "../../core/search/category-sorts";
import { toUseCaseContext } from "../../core/use-case-context";
import { ApiCardGrid } from "../components/api-card";
import { CategoryControls, type CategoryQuery } from "../components/category-controls";
import { Container, PageHeader } from "../components/page-header";
import { Pagination } from "../components/pagination";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { notFound, requireSlug } from "../lib/http-errors";
import { pageMeta } from "../lib/meta";
import { pageLocale } from "../lib/page-locale";
import { pageFromUrl } from "../lib/paging";
import { PRICING_VALUES } from "../lib/search-params";
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
  const url = new URL(request.url);
  const { page, offset, limit } = pageFromUrl(url, PAGE_SIZE);
  const query = categoryQueryOf(url.searchParams);
  const [result, localizer] = await Promise.all([
    browseCategory(
      toUseCaseContext(context),
      {
        slug,
        sort: query.sort,
        pricing: query.pricing ? [query.pricing] : [],
        auth: query.auth ? [query.auth] : [],
        documented: query.documented,
        offset,
        limit,
      },
      context.providers.search,
    ),
    getCatalogLocalizer(context.db, context.tenant.id, pageLocale(params)),
  ]);
  if (!result) notFound();
  const apis = { ...result.apis, items: result.apis.items.map(localizer.card) };
  return { category: localizer.category(result.category), apis, page, query, facets: result.facets };
}

/** Unknown values are ignored (the plain page), so an old or hand-edited link never fails. */
function categoryQueryOf(params: URLSearchParams): CategoryQuery {
  const sort = params.get("sort") ?? "";
  const pricing = (params.get("pricing") ?? "").toUpperCase();
  const auth = (params.get("auth") ?? "").trim();
  return {
    sort: isCategorySort(sort) ? sort : "popular",
    pricing: (PRICING_VALUES as readonly string[]).includes(pricing) ? pricing : null,
    auth: auth !== "" && auth.length <= 100 ? auth : null,
    documented: params.get("documented") === "1",
  };
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
  const { category, apis, page, query, facets } = loaderData;
  const filtered = query.pricing !== null || query.auth !== null || query.documented;
  return (
    <>
      <PageHeader title={category.name} intro={category.description ?? t("category.intro", { name: category.name })}>
        <p className="mt-3 text-sm font-medium text-slate-500 dark:text-slate-400">
          {t("common.apiCount", { count: apis.total })}
        </p>
      </PageHeader>
      <Container className="flex flex-col gap-8 py-10">
        <CategoryControls
          path={`/category/${category.slug}`}
          query={query}
          pricingTypes={facets.pricingTypes}
          authTypes={facets.authTypes}
        />
        {apis.items.length === 0 ? (
          <p data-testid="category-empty" className="text-slate-500 dark:text-slate-400">
            {filtered ? t("category.noMatch") : t("category.empty")}
          </p>
        ) : (
          <ApiCardGrid apis={apis.items} />
        )}
        <Pagination page={page} total={apis.total} pageSize={PAGE_SIZE} />
      </Container>
    </>
  );
}
