import { redirect } from "react-router";
import { localizePath } from "../../common/i18n/locale-path";
import { SHARED_PAGE_HEADERS } from "../../common/shared-page";
import { getCollectionPage } from "../../core/catalog/catalog.service";
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
import type { Route } from "./+types/collection";

const PAGE_SIZE = 24;

/** The same for every signed-out visitor (decision 161): the server may answer the next one from the rendered page. */
export function headers() {
  return SHARED_PAGE_HEADERS;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (params.slug === undefined) {
    throw redirect(localizePath("/collections", pageLocale(params)));
  }
  const slug = requireSlug(params.slug);
  const { page, offset, limit } = pageFromUrl(new URL(request.url), PAGE_SIZE);
  const [result, localizer] = await Promise.all([
    getCollectionPage(context.db, context.tenant.id, slug, { offset, limit }, context.viewer),
    getCatalogLocalizer(context.db, context.tenant.id, pageLocale(params)),
  ]);
  if (!result) notFound();
  const apis = { ...result.apis, items: result.apis.items.map(localizer.card) };
  return { collection: localizer.collection(result.collection), apis, page };
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const { collection } = data as { collection: { slug: string; name: string } };
    return [
      { path: "/collections", labelKey: "collections.title" },
      { path: `/collection/${collection.slug}`, label: collection.name },
    ];
  },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    { key: "meta.collectionTitle", vars: { name: loaderData?.collection.name ?? "" } },
    { text: loaderData?.collection.description },
  );

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { collection, apis, page } = loaderData;
  return (
    <>
      <PageHeader title={collection.name} intro={collection.description}>
        <p className="mt-3 text-sm font-medium text-slate-500 dark:text-slate-400">
          {t("common.apiCount", { count: apis.total })}
        </p>
      </PageHeader>
      <Container className="flex flex-col gap-8 py-10">
        {apis.items.length === 0 ? (
          <p className="text-slate-500 dark:text-slate-400">{t("collection.empty")}</p>
        ) : (
          <ApiCardGrid apis={apis.items} />
        )}
        <Pagination page={page} total={apis.total} pageSize={PAGE_SIZE} />
      </Container>
    </>
  );
}
