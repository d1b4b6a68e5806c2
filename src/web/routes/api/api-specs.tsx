import { listApiVersions } from "../../../core/api-specs/api-specs.service";
import { DownloadLinks, SpecVersionPicker, SpecVersionsList } from "../../components/studio/spec-versions-list";
import { EmptyState } from "../../components/ui/empty-state";
import { useTranslation } from "../../i18n/use-translation";
import { loadApiOr404 } from "../../lib/api-detail.server";
import { formatDate } from "../../lib/format";
import { notFound } from "../../lib/http-errors";
import { pageMeta } from "../../lib/meta";
import { useLocale } from "../../lib/root-data";
import type { Route } from "./+types/api-specs";

/** Specs tab: download the original and the normalized document of any version (spec section 2). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!context.tenant.config.switches.specsTab) notFound();
  const api = await loadApiOr404(context, params);
  const versions = await listApiVersions(
    { db: context.db, tenantId: context.tenant.id, viewer: context.viewer },
    api.id,
  );
  const requested = new URL(request.url).searchParams.get("version");
  const selected = versions.find((v) => v.id === requested) ?? versions.find((v) => v.isCurrent) ?? versions[0] ?? null;
  return { name: api.name, owner: api.ownerUsername, slug: api.slug, versions, selected };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "studio.meta.specsTitle", vars: { name: loaderData?.name ?? "" } });

export default function ApiSpecs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { versions, selected, owner, slug } = loaderData;
  if (!selected) {
    return (
      <EmptyState data-testid="specs-empty" size="lg">
        {t("studio.specs.none")}
      </EmptyState>
    );
  }
  return (
    <div data-testid="specs-tab" className="flex max-w-4xl flex-col gap-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold">{t("studio.specs.heading")}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t("studio.version", { version: selected.version || "—" })} ·{" "}
              {t("studio.endpoints", { count: selected.endpointsCount })} ·{" "}
              {t("studio.specs.format", { format: selected.sourceFormat })} ·{" "}
              {t("studio.versions.imported", { date: formatDate(selected.createdAt, locale) })}
            </p>
          </div>
          <SpecVersionPicker id="spec-version" testId="version-picker" versions={versions} selectedId={selected.id} />
        </div>
        <h3 className="mt-5 mb-2 text-sm font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase">
          {t("studio.specs.download")}
        </h3>
        <DownloadLinks owner={owner} slug={slug} versionId={selected.id} />
      </section>
      {versions.length > 1 && (
        <section className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
          <h2 className="text-lg font-semibold">{t("studio.specs.allVersions")}</h2>
          <SpecVersionsList owner={owner} slug={slug} versions={versions} />
        </section>
      )}
    </div>
  );
}
