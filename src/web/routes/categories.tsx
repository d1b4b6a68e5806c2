import { SHARED_PAGE_HEADERS } from "../../common/shared-page";
import { listCategories } from "../../core/catalog/catalog.service";
import { getCatalogLocalizer } from "../../core/catalog/catalog-translations.service";
import { LocalLink } from "../components/localized-link";
import { Container, PageHeader } from "../components/page-header";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { pageMeta } from "../lib/meta";
import { pageLocale } from "../lib/page-locale";
import type { Route } from "./+types/categories";

/** The same for every signed-out visitor (decision 161): the server may answer the next one from the rendered page. */
export function headers() {
  return SHARED_PAGE_HEADERS;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const [categories, localizer] = await Promise.all([
    listCategories(context.db, context.tenant.id),
    getCatalogLocalizer(context.db, context.tenant.id, pageLocale(params)),
  ]);
  const byName = new Intl.Collator(pageLocale(params), { sensitivity: "base", numeric: true });
  // Sorted again after translation: the list reads alphabetically in the page's language.
  return { categories: categories.map(localizer.category).sort((a, b) => byName.compare(a.name, b.name)) };
}

export const handle: RouteHandle = { breadcrumb: () => [{ path: "/categories", labelKey: "categories.title" }] };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { key: "meta.categoriesTitle" }, { key: "meta.categoriesDescription" });

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("categories.title")} intro={t("categories.intro")} />
      <Container className="py-10">
        {loaderData.categories.length === 0 ? (
          <p className="text-slate-500 dark:text-slate-400">{t("categories.empty")}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {loaderData.categories.map((category) => (
              <li key={category.id}>
                <LocalLink
                  to={`/category/${category.slug}`}
                  data-testid="category-card"
                  className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-accent/60 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-semibold">{category.name}</span>
                    <span className="shrink-0 rounded-full bg-accent/10 px-2 py-0.5 text-xs font-semibold text-accent">
                      {t("common.apiCount", { count: category.apiCount })}
                    </span>
                  </span>
                  {category.description && (
                    <span className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">
                      {category.description}
                    </span>
                  )}
                </LocalLink>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}
