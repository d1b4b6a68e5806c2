import { getPage, listPages } from "../../core/catalog/pages.service";
import { LocalLink } from "../components/localized-link";
import { Container, PageHeader } from "../components/page-header";
import { useTranslation } from "../i18n/use-translation";
import type { CrumbSpec, RouteHandle } from "../lib/breadcrumbs";
import { formatDate } from "../lib/format";
import { notFound, requireSlug } from "../lib/http-errors";
import { renderMarkdown } from "../lib/markdown.server";
import { pageMeta } from "../lib/meta";
import { useLocale } from "../lib/root-data";
import type { Route } from "./+types/page";

/**
 * /page/{slug}: one of the tenant's static pages (about, terms, ...). The slug is optional in the spec's route table;
 * /page without one lists every page, like /category and /collection lead to their lists.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (params.slug === undefined) {
    return { kind: "index" as const, pages: await listPages(context.db, context.tenant.id) };
  }
  const slug = requireSlug(params.slug);
  const page = await getPage(context.db, context.tenant.id, slug);
  if (!page) notFound();
  const html = await renderMarkdown(page.body, `page:${context.tenant.id}:${page.slug}:${page.updatedAt}`);
  const plain = page.body
    .replace(/[#*_`>[\]()-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return {
    kind: "page" as const,
    slug: page.slug,
    title: page.title,
    updatedAt: page.updatedAt,
    html,
    summary: plain.slice(0, 200),
  };
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const loaded = data as { kind: "index" } | { kind: "page"; slug: string; title: string };
    const index: CrumbSpec = { path: "/page", labelKey: "page.indexTitle" };
    return loaded.kind === "index" ? [index] : [index, { path: `/page/${loaded.slug}`, label: loaded.title }];
  },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData?.kind === "page"
    ? pageMeta(matches, { key: "meta.pageTitle", vars: { title: loaderData.title } }, { text: loaderData.summary })
    : pageMeta(matches, { key: "page.indexMetaTitle" }, { key: "page.indexMetaDescription" });

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "index") return <PageIndex pages={loaderData.pages} />;
  return <PageBody html={loaderData.html} updatedAt={loaderData.updatedAt} />;
}

function PageIndex(props: { pages: Array<{ slug: string; title: string }> }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("page.indexTitle")} intro={t("page.indexIntro")} />
      <Container className="py-10">
        {props.pages.length === 0 ? (
          <p className="text-slate-500 dark:text-slate-400">{t("page.indexEmpty")}</p>
        ) : (
          <ul data-testid="page-index" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {props.pages.map((page) => (
              <li key={page.slug}>
                <LocalLink
                  to={`/page/${page.slug}`}
                  className="block rounded-xl border border-slate-200 bg-white p-4 font-semibold shadow-sm transition hover:border-accent/60 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
                >
                  {page.title}
                </LocalLink>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}

function PageBody(props: { html: string; updatedAt: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Container className="py-12">
      <article className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        <div
          className="prose"
          data-testid="page-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered with html:false and sanitized on the server.
          dangerouslySetInnerHTML={{ __html: props.html }}
        />
        <p className="mt-10 border-t border-slate-200 pt-4 text-xs text-slate-500 dark:text-slate-400 dark:border-slate-800">
          {t("page.updated", { date: formatDate(props.updatedAt, locale) })}
        </p>
      </article>
    </Container>
  );
}
