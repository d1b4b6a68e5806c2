import { SHARED_PAGE_HEADERS } from "../../common/shared-page";
import { listCollections } from "../../core/catalog/catalog.service";
import { getCatalogLocalizer } from "../../core/catalog/catalog-translations.service";
import { ApiLogo } from "../components/api-logo";
import { LocalLink } from "../components/localized-link";
import { Container, PageHeader } from "../components/page-header";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { pageMeta } from "../lib/meta";
import { pageLocale } from "../lib/page-locale";
import type { Route } from "./+types/collections";

/** The same for every signed-out visitor (decision 161): the server may answer the next one from the rendered page. */
export function headers() {
  return SHARED_PAGE_HEADERS;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const [collections, localizer] = await Promise.all([
    listCollections(context.db, context.tenant.id),
    getCatalogLocalizer(context.db, context.tenant.id, pageLocale(params)),
  ]);
  return { collections: collections.map(localizer.collection) };
}

export const handle: RouteHandle = { breadcrumb: () => [{ path: "/collections", labelKey: "collections.title" }] };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { key: "meta.collectionsTitle" }, { key: "meta.collectionsDescription" });

export default function Collections({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("collections.title")} intro={t("collections.intro")} />
      <Container className="py-10">
        {loaderData.collections.length === 0 ? (
          <p className="text-slate-500 dark:text-slate-400">{t("collections.empty")}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.collections.map((collection) => (
              <li key={collection.id}>
                <LocalLink
                  to={`/collection/${collection.slug}`}
                  data-testid="collection-card"
                  className="flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-accent/60 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
                >
                  <ApiLogo
                    name={collection.name}
                    thumbnail={collection.thumbnail}
                    owner={{ collectionId: collection.id }}
                  />
                  <span className="flex min-w-0 flex-col gap-1">
                    <span className="font-semibold">{collection.name}</span>
                    {collection.description && (
                      <span className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">
                        {collection.description}
                      </span>
                    )}
                    <span className="mt-1 text-xs font-semibold text-accent">
                      {t("common.apiCount", { count: collection.apiCount })}
                    </span>
                  </span>
                </LocalLink>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}
