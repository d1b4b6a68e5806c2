import { data, isRouteErrorResponse, useParams, useRouteError } from "react-router";
import type { ExtensionLevel } from "../../../core/specs/spec-extensions";
import { isExtensionName } from "../../../core/specs/spec-extensions";
import { LocalLink } from "../../components/localized-link";
import { useTranslation } from "../../i18n/use-translation";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/api-extension-detail";
import { loadApiExtensions } from "./api-extensions.server";

// Some specs put one extension on every operation (1,000+ uses): the detail pages through them.
export const USES_PER_PAGE = 50;

/** /extensions/{span}: every place one vendor extension is used, with its value as JSON text (never as markup). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { name, base, version, versionId, pinned, extensions } = await loadApiExtensions(context, params, request);
  const span = params.span;
  const extension = isExtensionName(span) ? extensions.find((e) => e.name === span) : undefined;
  if (!extension) throw data({ reason: "extension-not-found", base }, { status: 404 });
  const pages = Math.max(1, Math.ceil(extension.uses.length / USES_PER_PAGE));
  const asked = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  return {
    name,
    base,
    version,
    // A picked version stays picked on the way back to the list and across pages.
    versionQuery: pinned && versionId ? `version=${encodeURIComponent(versionId)}` : "",
    extension: {
      name: extension.name,
      total: extension.uses.length,
      uses: extension.uses.slice((page - 1) * USES_PER_PAGE, page * USES_PER_PAGE),
    },
    page,
    pages,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Extension not found" }, { name: "robots", content: "noindex" }];
  return pageMeta(matches, {
    key: "extensions.meta.detailTitle",
    vars: { extension: loaderData.extension.name, name: loaderData.name },
  });
};

export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const params = useParams();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  const base = `/${encodeURIComponent(params.username ?? "")}/api/${encodeURIComponent(params.slug ?? "")}/extensions`;
  return (
    <div data-testid="extension-not-found" className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">404</p>
      <h2 className="mt-3 text-2xl font-bold tracking-tight">{t("extensions.notFound")}</h2>
      <LocalLink to={base} className="mt-6 font-semibold text-accent hover:underline">
        {t("extensions.backToAll")}
      </LocalLink>
    </div>
  );
}

function levelLabel(t: (key: string) => string, level: ExtensionLevel): string {
  return t(`extensions.level.${level}`);
}

export default function ApiExtensionDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { extension, base, version, page, pages, versionQuery } = loaderData;
  const pageHref = (n: number) =>
    `${base}/${encodeURIComponent(extension.name)}?${versionQuery ? `${versionQuery}&` : ""}page=${n}`;
  const back = versionQuery ? `${base}?${versionQuery}` : base;
  return (
    <section data-testid="extension-detail" className="flex flex-col gap-5">
      <LocalLink to={back} data-testid="extension-back" className="text-sm font-semibold text-accent hover:underline">
        ← {t("extensions.backToAll")}
      </LocalLink>
      <div>
        <h2 data-testid="extension-name" className="font-mono text-xl font-bold tracking-tight break-all">
          {extension.name}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t("extensions.uses", { count: extension.total })}
          {version ? ` · ${t("extensions.fromVersion", { version })}` : ""}
        </p>
      </div>
      <ol className="flex flex-col gap-4">
        {extension.uses.map((use) => (
          <li
            key={use.pointer}
            data-testid="extension-use"
            className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold dark:bg-slate-800">
                {levelLabel(t, use.level)}
              </span>
              {use.method && <span className="font-mono text-xs font-bold text-accent">{use.method}</span>}
              {use.path && (
                <span dir="ltr" className="font-mono text-xs break-all">
                  {use.path}
                </span>
              )}
              <code
                dir="ltr"
                className="ms-auto font-mono text-xs break-all text-slate-500 dark:text-slate-400"
                title={t("extensions.pointer")}
              >
                {use.pointer}
              </code>
            </div>
            {/* Text, never markup: whatever a provider wrote under an x- key is shown, not run. */}
            <pre
              dir="ltr"
              className="mt-3 max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap break-all dark:bg-slate-950"
            >
              {use.valueJson}
            </pre>
            {use.truncated && (
              <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t("extensions.truncated")}</p>
            )}
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label={t("extensions.pagesLabel")} className="flex items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <LocalLink
              to={pageHref(page - 1)}
              data-testid="extension-prev"
              className="font-semibold text-accent hover:underline"
            >
              {t("extensions.previousPage")}
            </LocalLink>
          ) : (
            <span />
          )}
          <span className="text-slate-500 dark:text-slate-400">{t("extensions.pageOf", { page, pages })}</span>
          {page < pages ? (
            <LocalLink
              to={pageHref(page + 1)}
              data-testid="extension-next"
              className="font-semibold text-accent hover:underline"
            >
              {t("extensions.nextPage")}
            </LocalLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
