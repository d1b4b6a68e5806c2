import { Form } from "react-router";
import { listApiVersions } from "../../../core/api-specs/api-specs.service";
import { listApiChangelog } from "../../../core/api-specs/spec-changelog.service";
import { compareApiVersions } from "../../../core/api-specs/spec-compare.service";
import { toUseCaseContext } from "../../../core/use-case-context";
import { Pagination } from "../../components/pagination";
import { SpecDiffView } from "../../components/spec-diff-view";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Select } from "../../components/ui/select";
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
  const ctx = toUseCaseContext(context);
  const [log, versions] = await Promise.all([
    listApiChangelog({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, api.id, {
      offset,
      limit,
    }),
    listApiVersions({ db: context.db, tenantId: context.tenant.id, viewer: ctx.viewer }, api.id),
  ]);
  // "What changed since": any two versions, the one before the current and the current by default. Addresses
  // naming versions this API does not have (an old link) fall back to the default rather than failing the page.
  const search = new URL(request.url).searchParams;
  const known = (id: string | null) => (id && versions.some((v) => v.id === id) ? id : null);
  const from = known(search.get("from")) ?? versions[1]?.id ?? null;
  const to = known(search.get("to")) ?? versions[0]?.id ?? null;
  const asked = search.has("from") || search.has("to");
  const comparison =
    asked && from && to ? await compareApiVersions(ctx, { apiId: api.id, fromVersionId: from, toVersionId: to }) : null;
  return {
    versions: versions.map((v) => ({ id: v.id, version: v.version, createdAt: v.createdAt })),
    picked: { from, to },
    comparison,
    name: api.name,
    feedUrl: `/feeds/${api.ownerUsername}/${api.slug}/changelog.atom`,
    page,
    total: log.total,
    entries: log.items,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "meta.apiTitle", vars: { name: loaderData?.name ?? "" } });

type VersionOption = { id: string; version: string; createdAt: number };

/** Two versions to compare (a GET form: the comparison has its own address) and, once asked, what changed. */
function VersionPicker(props: {
  versions: VersionOption[];
  from: string | null;
  to: string | null;
  comparison: Awaited<ReturnType<typeof loader>>["comparison"];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const label = (v: VersionOption) => `${v.version} · ${formatDate(v.createdAt, locale)}`;
  const { comparison } = props;
  return (
    <section
      data-testid="changelog-compare"
      aria-labelledby="changelog-compare-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id="changelog-compare-heading" className="text-lg font-semibold">
        {t("changelog.compareHeading")}
      </h3>
      <Form method="get" preventScrollReset className="mt-3 flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t("changelog.compareFrom")}
          <Select name="from" look="compact" defaultValue={props.from ?? undefined} data-testid="changelog-from">
            {props.versions.map((v) => (
              <option key={v.id} value={v.id}>
                {label(v)}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t("changelog.compareTo")}
          <Select name="to" look="compact" defaultValue={props.to ?? undefined} data-testid="changelog-to">
            {props.versions.map((v) => (
              <option key={v.id} value={v.id}>
                {label(v)}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" variant="secondary" data-testid="changelog-compare-submit">
          {t("changelog.compareSubmit")}
        </Button>
      </Form>
      {comparison && (
        <div data-testid="changelog-comparison" className="mt-4 border-t border-slate-200 pt-2 dark:border-slate-800">
          <p className="mt-2 text-sm font-semibold" dir="auto">
            {t("changelog.versionFrom", { version: comparison.to.version, previous: comparison.from.version })}
            {" · "}
            {comparison.diff.breakingCount > 0
              ? t("changelog.breakingCount", { count: comparison.diff.breakingCount })
              : t("changelog.nonBreaking")}
          </p>
          <SpecDiffView diff={comparison.diff} />
        </div>
      )}
    </section>
  );
}

export default function ApiChangelog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { entries, total, page, feedUrl, versions, picked, comparison } = loaderData;
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
      {versions.length >= 2 && (
        <VersionPicker versions={versions} from={picked.from} to={picked.to} comparison={comparison} />
      )}
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
              <SpecDiffView diff={entry.diff} />
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} />
    </section>
  );
}
