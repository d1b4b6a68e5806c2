import type { ExtensionLevel } from "../../../core/specs/spec-extensions";
import { LocalLink } from "../../components/localized-link";
import { SpecVersionPicker } from "../../components/studio/spec-versions-list";
import { EmptyState } from "../../components/ui/empty-state";
import { useTranslation } from "../../i18n/use-translation";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/api-extensions";
import { extensionHref, loadApiExtensions } from "./api-extensions.server";

const LEVELS: readonly ExtensionLevel[] = ["document", "path", "operation"];

/**
 * Extensions tab (spec section 2, "Extensions (span, with optional child {span})"): the vendor extensions (`x-*`
 * keys) of the current spec, one row per key with where it is used; each links to /extensions/{span}.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { name, base, version, versionId, pinned, versions, hasSpec, extensions } = await loadApiExtensions(
    context,
    params,
    request,
  );
  return {
    name,
    version,
    versionId,
    versions,
    hasSpec,
    extensions: extensions.map((e) => ({
      name: e.name,
      href: extensionHref(base, e.name, pinned ? versionId : null),
      uses: e.uses.length,
      levels: Object.fromEntries(LEVELS.map((l) => [l, e.uses.filter((u) => u.level === l).length])) as Record<
        ExtensionLevel,
        number
      >,
      // A one-line taste of the first value; the detail page shows them all.
      sample: e.uses[0]?.valueJson.replace(/\s+/g, " ").slice(0, 120) ?? "",
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { key: "extensions.meta.title", vars: { name: loaderData?.name ?? "" } });

export default function ApiExtensions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { extensions, hasSpec, version, versions, versionId } = loaderData;
  return (
    <section data-testid="extensions-tab" className="flex flex-col gap-5">
      <div>
        <h2 className="text-xl font-bold tracking-tight">{t("extensions.heading")}</h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
          {t("extensions.intro")}
          {version ? ` ${t("extensions.fromVersion", { version })}` : ""}
        </p>
      </div>
      <SpecVersionPicker
        id="extensions-version"
        testId="extensions-version-picker"
        versions={versions}
        selectedId={versionId}
      />
      {extensions.length === 0 ? (
        <EmptyState data-testid="extensions-empty" size="lg">
          {hasSpec ? t("extensions.none") : t("extensions.noSpec")}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table data-testid="extensions-table" className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs tracking-wider text-slate-500 dark:text-slate-400 uppercase dark:border-slate-800">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t("extensions.columns.name")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("extensions.columns.where")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("extensions.columns.value")}
                </th>
              </tr>
            </thead>
            <tbody>
              {extensions.map((e) => (
                <tr
                  key={e.name}
                  data-testid="extension-row"
                  className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                >
                  <td className="px-4 py-3 align-top">
                    <LocalLink to={e.href} className="font-mono font-semibold break-all text-accent hover:underline">
                      {e.name}
                    </LocalLink>
                  </td>
                  <td className="px-4 py-3 align-top whitespace-nowrap text-slate-600 dark:text-slate-400">
                    {LEVELS.filter((l) => e.levels[l] > 0)
                      .map((l) => t(`extensions.levelCount.${l}`, { count: e.levels[l] }))
                      .join(" · ")}
                  </td>
                  <td className="max-w-md px-4 py-3 align-top">
                    <code
                      dir="ltr"
                      className="line-clamp-2 font-mono text-xs break-all text-slate-700 dark:text-slate-300"
                    >
                      {e.sample}
                    </code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
