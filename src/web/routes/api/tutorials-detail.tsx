import { data, isRouteErrorResponse, useParams, useRouteError } from "react-router";
import { getTutorialPage } from "../../../core/content/tutorials.service";
import { apiPath } from "../../components/api-card";
import { LocalLink } from "../../components/localized-link";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { useLocale } from "../../lib/root-data";
import { whenRefused } from "../../lib/route-errors.server";
import type { Route } from "./+types/tutorials-detail";
import { loadTutorialsApi } from "./tutorials-editor.server";
import { StatusLabel } from "./tutorials-status-label";

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = await loadTutorialsApi(context, params);
  const base = `${apiPath(api)}/tutorials`;
  // Spec section 8 'Tutorial Not Found' (also for drafts the viewer may not read), with a 404 status.
  const page = await whenRefused(
    getTutorialPage({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id, params.tutorial),
    ["NOT_FOUND"],
    () => {
      throw data({ reason: "tutorial-not-found", base }, { status: 404 });
    },
  );
  const { tutorial } = page;
  return {
    name: api.name,
    base,
    canEdit: page.canEdit,
    tutorial: {
      slug: tutorial.slug,
      title: tutorial.title,
      thumbnailUrl: tutorial.thumbnailUrl,
      draft: tutorial.draft,
      publishedAt: tutorial.publishedAt,
      updatedAt: tutorial.updatedAt,
      authorUsername: tutorial.authorUsername,
    },
    html: page.rendered.html,
    toc: page.rendered.toc,
    previous: page.previous,
    next: page.next,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Tutorial Not Found" }, { name: "robots", content: "noindex" }];
  const tags = pageMeta(matches, {
    key: "content.meta.tutorialTitle",
    vars: { title: loaderData.tutorial.title, name: loaderData.name },
  });
  return loaderData.tutorial.draft ? [...tags, { name: "robots", content: "noindex" }] : tags;
};

export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const params = useParams();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  const base = `/${encodeURIComponent(params.username ?? "")}/api/${encodeURIComponent(params.slug ?? "")}/tutorials`;
  return (
    <div data-testid="tutorial-not-found" className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">404</p>
      <h2 className="mt-3 text-2xl font-bold tracking-tight">{t("content.tutorials.notFound")}</h2>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t("content.tutorials.notFoundHint")}</p>
      <LocalLink to={base} className="mt-6 font-semibold text-accent hover:underline">
        {t("content.tutorials.backToAll")}
      </LocalLink>
    </div>
  );
}

function NavCard(props: { to: string; label: string; title: string; align: "start" | "end"; testId: string }) {
  return (
    <LocalLink
      to={props.to}
      data-testid={props.testId}
      rel={props.testId === "tutorial-next" ? "next" : "prev"}
      className={`flex flex-1 flex-col gap-1 rounded-xl border border-slate-200 p-4 transition hover:border-accent dark:border-slate-800 ${props.align === "end" ? "items-end text-end" : ""}`}
    >
      <span className="text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
        {props.label}
      </span>
      <span dir="auto" className="font-semibold break-words text-accent">
        {props.title}
      </span>
    </LocalLink>
  );
}

export default function TutorialDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { tutorial, html, toc, previous, next, base, canEdit } = loaderData;
  return (
    <article data-testid="tutorial-detail" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <LocalLink to={base} data-testid="tutorial-back" className="text-sm font-semibold text-accent hover:underline">
          ← {t("content.tutorials.backToAll")}
        </LocalLink>
        {canEdit && (
          <ButtonLink to={`${base}/${tutorial.slug}/edit`} data-testid="tutorial-edit" variant="quiet" size="sm">
            {t("content.edit")}
          </ButtonLink>
        )}
      </div>
      <header className="flex flex-col gap-3">
        <StatusLabel draft={tutorial.draft} />
        <h1 dir="auto" data-testid="tutorial-title" className="text-3xl font-bold tracking-tight break-words">
          {tutorial.title}
        </h1>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {tutorial.publishedAt
            ? t("content.publishedOn", { date: formatDate(tutorial.publishedAt, locale) })
            : t("content.updatedOn", { date: formatDate(tutorial.updatedAt, locale) })}
          {tutorial.authorUsername ? ` · ${t("content.by", { author: tutorial.authorUsername })}` : ""}
        </p>
        {tutorial.thumbnailUrl && (
          <img
            src={tutorial.thumbnailUrl}
            alt=""
            referrerPolicy="no-referrer"
            className="max-h-80 w-full rounded-2xl bg-slate-100 object-cover dark:bg-slate-800"
          />
        )}
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_260px]">
        <div
          data-testid="tutorial-body"
          dir="auto"
          className="prose max-w-none min-w-0 break-words"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown rendered with html:false and sanitized on the server.
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {toc.length > 0 && (
          <nav
            aria-label={t("content.tutorials.contents")}
            data-testid="tutorial-toc"
            className="order-first h-fit rounded-2xl border border-slate-200 p-4 lg:sticky lg:top-20 lg:order-none dark:border-slate-800"
          >
            <h2 className="mb-2 text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
              {t("content.tutorials.contents")}
            </h2>
            <ol className="flex flex-col gap-1.5 text-sm">
              {toc.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`} className="text-slate-700 hover:text-accent dark:text-slate-300">
                    {entry.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
      </div>
      {(previous || next) && (
        <nav aria-label={t("content.tutorials.heading")} className="flex flex-col gap-3 sm:flex-row">
          {previous ? (
            <NavCard
              to={`${base}/${previous.slug}`}
              label={`← ${t("content.tutorials.previous")}`}
              title={previous.title}
              align="start"
              testId="tutorial-previous"
            />
          ) : (
            <span className="hidden flex-1 sm:block" />
          )}
          {next && (
            <NavCard
              to={`${base}/${next.slug}`}
              label={`${t("content.tutorials.next")} →`}
              title={next.title}
              align="end"
              testId="tutorial-next"
            />
          )}
        </nav>
      )}
    </article>
  );
}
