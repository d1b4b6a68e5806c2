import { listCategories } from "../../core/catalog/catalog.service";
import { LocalLink } from "../components/localized-link";
import { Container, PageHeader } from "../components/page-header";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/categories";

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await listCategories(context.db, context.tenant.id) };
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
