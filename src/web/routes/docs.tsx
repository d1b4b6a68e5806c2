import { LocalLink } from "../components/localized-link";
import { Container, PageHeader } from "../components/page-header";
import { DOC_PAGES } from "../docs";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { notFound } from "../lib/http-errors";
import { renderMarkdown } from "../lib/markdown.server";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/docs";

/**
 * /docs and /docs/{page}: the product's documentation (the menus' "Docs" link, spec "Layout"), shipped with the app as
 * Markdown in src/web/docs and rendered on the server. /docs opens the first page.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const slug = params.page ?? DOC_PAGES[0].slug;
  const page = DOC_PAGES.find((p) => p.slug === slug);
  if (!page) notFound();
  return {
    slug: page.slug,
    titleKey: page.titleKey,
    html: await renderMarkdown(page.source, `docs:${page.slug}`),
    pages: DOC_PAGES.map((p) => ({ slug: p.slug, titleKey: p.titleKey })),
  };
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const d = data as { slug: string; titleKey: string } | undefined;
    return [
      { path: "/docs", labelKey: "docs.title" },
      ...(d ? [{ path: `/docs/${d.slug}`, labelKey: d.titleKey }] : []),
    ];
  },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "docs.metaTitle", vars: { page: loaderData?.slug ?? "" } });

export default function DocsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("docs.title")} intro={t("docs.intro")} />
      <Container className="grid gap-8 py-8 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t("docs.title")} className="lg:sticky lg:top-24 lg:self-start">
          <ul className="flex flex-wrap gap-1 lg:flex-col" data-testid="docs-nav">
            {loaderData.pages.map((p) => (
              <li key={p.slug}>
                <LocalLink
                  to={`/docs/${p.slug}`}
                  aria-current={p.slug === loaderData.slug ? "page" : undefined}
                  className="block rounded-lg px-3 py-1.5 text-sm font-medium hover:bg-slate-100 aria-[current=page]:bg-accent/10 aria-[current=page]:text-accent dark:hover:bg-slate-800"
                >
                  {t(p.titleKey)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
        <article
          data-testid="docs-article"
          className="prose min-w-0"
          // Documentation is English product copy (spec texts); code and URLs inside stay left-to-right.
          lang="en"
          dir="ltr"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown shipped with the app, sanitized on render.
          dangerouslySetInnerHTML={{ __html: loaderData.html }}
        />
      </Container>
    </>
  );
}
