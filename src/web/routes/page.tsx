import { getPage } from "../../core/catalog/catalog.service";
import { Container } from "../components/page-header";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { formatDate } from "../lib/format";
import { notFound, requireSlug } from "../lib/http-errors";
import { renderMarkdown } from "../lib/markdown.server";
import { pageMeta } from "../lib/meta";
import { useLocale } from "../lib/root-data";
import type { Route } from "./+types/page";

export async function loader({ context, params }: Route.LoaderArgs) {
  const slug = requireSlug(params.slug);
  const page = await getPage(context.db, context.tenant.id, slug);
  if (!page) notFound();
  const html = await renderMarkdown(page.body, `page:${context.tenant.id}:${page.slug}:${page.updatedAt}`);
  const plain = page.body
    .replace(/[#*_`>[\]()-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return { slug: page.slug, title: page.title, updatedAt: page.updatedAt, html, summary: plain.slice(0, 200) };
}

export const handle: RouteHandle = {
  breadcrumb: (data) => {
    const page = data as { slug: string; title: string };
    return [{ path: `/page/${page.slug}`, label: page.title }];
  },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "meta.pageTitle", vars: { title: loaderData?.title ?? "" } }, { text: loaderData?.summary });

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Container className="py-12">
      <article className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        <div
          className="prose"
          data-testid="page-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered with html:false and sanitized on the server.
          dangerouslySetInnerHTML={{ __html: loaderData.html }}
        />
        <p className="mt-10 border-t border-slate-200 pt-4 text-xs text-slate-500 dark:border-slate-800">
          {t("page.updated", { date: formatDate(loaderData.updatedAt, locale) })}
        </p>
      </article>
    </Container>
  );
}
