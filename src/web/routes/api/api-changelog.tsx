import { listApiChangelog } from "../../../core/api-specs/spec-changelog.service";
import type { OperationChange } from "../../../core/specs/diff-endpoints";
import { Pagination } from "../../components/pagination";
import { EmptyState } from "../../components/ui/empty-state";
import { useTranslation } from "../../i18n/use-translation";
import { loadApiOr404 } from "../../lib/api-detail.server";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { pageFromUrl } from "../../lib/paging";
import { useLocale } from "../../lib/root-data";
import type { Route } from "./+types/api-changelog";

const PAGE_SIZE = 10;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const api = await loadApiOr404(context, params);
  const { page, offset, limit } = pageFromUrl(new URL(request.url), PAGE_SIZE);
  const log = await listApiChangelog(context.db, context.tenant.id, context.viewer, api.id, { offset, limit });
  return {
    name: api.name,
    feedUrl: `/feeds/${api.ownerUsername}/${api.slug}/changelog.atom`,
    page,
    total: log.total,
    entries: log.items,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "meta.apiTitle", vars: { name: loaderData?.name ?? "" } });

function BreakingBadge() {
  const { t } = useTranslation();
  return (
    <span className="rounded bg-danger/15 px-1.5 py-0.5 text-[11px] font-semibold text-danger uppercase">
      {t("changelog.breaking")}
    </span>
  );
}

function Operation(props: { method: string; path: string }) {
  return (
    <code dir="ltr" className="font-mono text-[13px] break-all">
      <span className="font-semibold">{props.method}</span> {props.path}
    </code>
  );
}

function ChangeLine(props: { change: OperationChange }) {
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm" data-breaking={props.change.breaking || undefined}>
      {props.change.breaking && <BreakingBadge />}
      <span dir="ltr" className="text-slate-700 dark:text-slate-300">
        {props.change.message}
      </span>
    </li>
  );
}

export default function ApiChangelog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { entries, total, page, feedUrl } = loaderData;
  return (
    <section data-testid="changelog" className="flex max-w-4xl flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold tracking-tight">{t("changelog.heading")}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("changelog.intro")}</p>
        </div>
        <a
          href={feedUrl}
          data-testid="changelog-feed"
          type="application/atom+xml"
          className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-accent hover:text-accent dark:border-slate-700 dark:bg-slate-900"
        >
          <span aria-hidden="true" className="text-orange-500">
            ◉
          </span>
          {t("changelog.feed")}
        </a>
      </div>
      {entries.length === 0 ? (
        <EmptyState data-testid="changelog-empty">{t("changelog.empty")}</EmptyState>
      ) : (
        <ol className="flex flex-col gap-4">
          {entries.map((entry) => (
            <li
              key={entry.versionId}
              id={`v-${entry.versionId}`}
              data-testid="changelog-entry"
              className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3 className="text-lg font-semibold" dir="auto">
                  {entry.previousVersion
                    ? t("changelog.versionFrom", { version: entry.version, previous: entry.previousVersion })
                    : entry.version}
                </h3>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {formatDate(entry.createdAt, locale)}
                </span>
                <span
                  data-testid="changelog-breaking"
                  className={`ms-auto rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                    entry.breakingCount > 0
                      ? "bg-danger/15 text-danger"
                      : "bg-success/15 text-emerald-700 dark:text-emerald-300"
                  }`}
                >
                  {entry.breakingCount > 0
                    ? t("changelog.breakingCount", { count: entry.breakingCount })
                    : t("changelog.nonBreaking")}
                </span>
              </div>
              {entry.diff.removed.length > 0 && (
                <div className="mt-4">
                  <h4 className="mb-1.5 text-sm font-semibold">{t("changelog.removed")}</h4>
                  <ul className="flex flex-col gap-1">
                    {entry.diff.removed.map((o) => (
                      <li key={`${o.method} ${o.path}`} className="flex flex-wrap items-center gap-2">
                        <BreakingBadge />
                        <Operation method={o.method} path={o.path} />
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {entry.diff.added.length > 0 && (
                <div className="mt-4">
                  <h4 className="mb-1.5 text-sm font-semibold">{t("changelog.added")}</h4>
                  <ul className="flex flex-col gap-1">
                    {entry.diff.added.map((o) => (
                      <li key={`${o.method} ${o.path}`}>
                        <Operation method={o.method} path={o.path} />
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {entry.diff.changed.length > 0 && (
                <div className="mt-4">
                  <h4 className="mb-1.5 text-sm font-semibold">{t("changelog.changed")}</h4>
                  <ul className="flex flex-col gap-3">
                    {entry.diff.changed.map((o) => (
                      <li key={`${o.method} ${o.path}`} className="flex flex-col gap-1">
                        <span className="flex flex-wrap items-center gap-2">
                          <Operation method={o.method} path={o.path} />
                          {o.breaking && <BreakingBadge />}
                        </span>
                        <ul className="ms-4 flex list-disc flex-col gap-0.5 ps-2">
                          {o.changes.map((c) => (
                            <ChangeLine key={`${c.part}:${c.message}`} change={c} />
                          ))}
                        </ul>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {entry.diff.unchanged > 0 && (
                <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
                  {t("changelog.unchanged", { count: entry.diff.unchanged })}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} />
    </section>
  );
}
