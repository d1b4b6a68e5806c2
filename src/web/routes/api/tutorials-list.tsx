import { canEditApi } from "../../../core/access/private-apis.service";
import { listTutorials } from "../../../core/content/tutorials.service";
import { apiPath } from "../../components/api-card";
import { LocalLink } from "../../components/localized-link";
import { ButtonLink } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { useLocale } from "../../lib/root-data";
import type { Route } from "./+types/tutorials-list";
import { loadTutorialsApi } from "./tutorials-editor.server";
import { StatusLabel } from "./tutorials-status-label";

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = await loadTutorialsApi(context, params);
  const [tutorials, canEdit] = await Promise.all([
    listTutorials({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id),
    canEditApi({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id),
  ]);
  return {
    name: api.name,
    base: `${apiPath(api)}/tutorials`,
    canEdit,
    tutorials: tutorials.map((t) => ({
      slug: t.slug,
      title: t.title,
      thumbnailUrl: t.thumbnailUrl,
      draft: t.draft,
      publishedAt: t.publishedAt,
      updatedAt: t.updatedAt,
      authorUsername: t.authorUsername,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "content.meta.tutorialsTitle", vars: { name: loaderData?.name ?? "" } });

export default function TutorialsList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { tutorials, base, canEdit, name } = loaderData;
  return (
    <section data-testid="tutorials-list" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold tracking-tight">{t("content.tutorials.heading")}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("content.tutorials.intro", { name })}</p>
        </div>
        {canEdit && (
          <ButtonLink to={`${base}/new`} data-testid="tutorial-new" className="shadow-sm">
            {t("content.tutorials.new")}
          </ButtonLink>
        )}
      </div>
      {tutorials.length === 0 ? (
        <EmptyState data-testid="tutorials-empty">{t("content.tutorials.empty")}</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tutorials.map((tutorial) => (
            <li key={tutorial.slug}>
              <LocalLink
                to={`${base}/${tutorial.slug}`}
                data-testid="tutorial-card"
                className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-accent hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
              >
                {tutorial.thumbnailUrl ? (
                  <img
                    src={tutorial.thumbnailUrl}
                    alt=""
                    loading="lazy"
                    referrerPolicy="no-referrer"
                    className="aspect-[16/9] w-full bg-slate-100 object-cover dark:bg-slate-800"
                  />
                ) : (
                  <div
                    aria-hidden="true"
                    className="aspect-[16/9] w-full bg-gradient-to-br from-accent/25 via-accent/10 to-transparent"
                  />
                )}
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <StatusLabel draft={tutorial.draft} />
                  <h3 dir="auto" className="font-semibold break-words">
                    {tutorial.title}
                  </h3>
                  <p className="mt-auto text-xs text-slate-500 dark:text-slate-400">
                    {tutorial.publishedAt
                      ? t("content.publishedOn", { date: formatDate(tutorial.publishedAt, locale) })
                      : t("content.updatedOn", { date: formatDate(tutorial.updatedAt, locale) })}
                    {tutorial.authorUsername ? ` · ${t("content.by", { author: tutorial.authorUsername })}` : ""}
                  </p>
                </div>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
