import { useState } from "react";
import { SHARED_PAGE_HEADERS } from "../../common/shared-page";
import { listCategories } from "../../core/catalog/catalog.service";
import { getCatalogLocalizer } from "../../core/catalog/catalog-translations.service";
import { SearchIcon } from "../components/icons";
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

/** Case- and accent-insensitive "contains", the same on the server (?q=) and in the browser (as you type). */
function matches(name: string, query: string): boolean {
  const fold = (v: string) => v.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
  return fold(name).includes(fold(query.trim()));
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const [categories, localizer] = await Promise.all([
    listCategories(context.db, context.tenant.id),
    getCatalogLocalizer(context.db, context.tenant.id, pageLocale(params)),
  ]);
  const byName = new Intl.Collator(pageLocale(params), { sensitivity: "base", numeric: true });
  // Sorted again after translation: the list reads alphabetically in the page's language.
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  return { q, categories: categories.map(localizer.category).sort((a, b) => byName.compare(a.name, b.name)) };
}

export const handle: RouteHandle = { breadcrumb: () => [{ path: "/categories", labelKey: "categories.title" }] };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { key: "meta.categoriesTitle" }, { key: "meta.categoriesDescription" });

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // A long list on a phone (issue 18): a filter (a GET form before hydration, live as you type after) and two columns.
  const [query, setQuery] = useState(loaderData.q);
  const shown = query.trim() ? loaderData.categories.filter((c) => matches(c.name, query)) : loaderData.categories;
  return (
    <>
      <PageHeader title={t("categories.title")} intro={t("categories.intro")} />
      <Container className="py-6 sm:py-10">
        {loaderData.categories.length === 0 ? (
          <p className="text-slate-500 dark:text-slate-400">{t("categories.empty")}</p>
        ) : (
          <>
            <form method="get" className="relative mb-5 max-w-md" onSubmit={(e) => e.preventDefault()}>
              <label htmlFor="category-filter" className="sr-only">
                {t("categories.filterLabel")}
              </label>
              <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
              <input
                id="category-filter"
                name="q"
                type="search"
                data-testid="category-filter"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={t("categories.filterLabel")}
                autoComplete="off"
                className="h-11 w-full rounded-lg border border-slate-300 bg-white ps-9 pe-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-accent focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
              />
            </form>
            {shown.length === 0 ? (
              <p data-testid="category-filter-empty" className="text-slate-600 dark:text-slate-400">
                {t("categories.noMatch", { query: query.trim() })}
              </p>
            ) : (
              <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3 xl:grid-cols-4">
                {shown.map((category) => (
                  <li key={category.id} className="min-w-0">
                    <LocalLink
                      to={`/category/${category.slug}`}
                      data-testid="category-card"
                      className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition hover:-translate-y-0.5 hover:border-accent/60 hover:shadow-md sm:p-4 dark:border-slate-800 dark:bg-slate-900"
                    >
                      <span className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-2">
                        <span className="text-sm font-semibold break-words sm:text-base">{category.name}</span>
                        <span className="w-fit shrink-0 rounded-full bg-accent/10 px-2 py-0.5 text-xs font-semibold text-accent">
                          {t("common.apiCount", { count: category.apiCount })}
                        </span>
                      </span>
                      {category.description && (
                        <span className="hidden text-sm text-slate-600 sm:line-clamp-2 dark:text-slate-400">
                          {category.description}
                        </span>
                      )}
                    </LocalLink>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Container>
    </>
  );
}
