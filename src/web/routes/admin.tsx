import { data } from "react-router";
import { getAdminOverview } from "../../core/admin/admin.service";
import { isAppError } from "../../core/errors/app-error";
import { LocalLink } from "../components/localized-link";
import { Container, PageHeader } from "../components/page-header";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { formatNumber } from "../lib/format";
import { signInRedirect } from "../lib/localized-redirect.server";
import { pageMeta } from "../lib/meta";
import { useLocale } from "../lib/root-data";
import type { Route } from "./+types/admin";

/** Spec route /admin: the tenant admin's overview (catalog counts, search analytics). The layout guard already answers
 * 403 to signed-in non-admins; the core check is the one that counts. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, tenant, viewer } = context;
  if (!viewer || viewer.tenantId !== tenant.id) signInRedirect(request, params.lang);
  try {
    return { overview: await getAdminOverview(db, tenant.id, viewer) };
  } catch (error) {
    if (isAppError(error) && error.code === "FORBIDDEN") throw data({ reason: "forbidden" }, { status: 403 });
    throw error;
  }
}

export const handle: RouteHandle = { breadcrumb: () => [{ path: "/admin", labelKey: "admin.title" }] };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "admin.metaTitle" }),
  { name: "robots", content: "noindex" },
];

const CARD = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { overview } = loaderData;
  const stats = [
    { label: "admin.apis", value: overview.catalog.apiCount },
    { label: "admin.categories", value: overview.catalog.categoryCount },
    { label: "admin.collections", value: overview.catalog.collectionCount },
    { label: "admin.endpoints", value: overview.catalog.endpointCount },
  ];
  return (
    <>
      <PageHeader title={t("admin.title")} intro={t("admin.intro")} />
      <Container className="flex flex-col gap-8 py-10">
        <section aria-labelledby="admin-catalog">
          <h2 id="admin-catalog" className="mb-3 text-lg font-bold">
            {t("admin.catalog")}
          </h2>
          <dl data-testid="admin-stats" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {stats.map((s) => (
              <div key={s.label} className={CARD}>
                <dt className="text-sm text-slate-500">{t(s.label)}</dt>
                <dd className="mt-1 text-2xl font-bold">{formatNumber(s.value, locale)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm">
            <LocalLink to="/categories" className="font-semibold text-accent hover:underline">
              {t("admin.browseCatalog")}
            </LocalLink>
          </p>
        </section>
        <section aria-labelledby="admin-search">
          <h2 id="admin-search" className="text-lg font-bold">
            {t("admin.search")}
          </h2>
          <p className="mb-3 text-sm text-slate-500">{t("admin.window", { count: overview.windowDays })}</p>
          <div className="grid gap-4 lg:grid-cols-3">
            <TermTable testId="admin-top-terms" title={t("admin.topTerms")} rows={overview.topTerms} />
            <TermTable testId="admin-zero-terms" title={t("admin.zeroResultTerms")} rows={overview.zeroResultTerms} />
            <div className={CARD} data-testid="admin-clicks">
              <h3 className="mb-2 font-semibold">{t("admin.clicksByPosition")}</h3>
              {overview.clicksByPosition.length === 0 ? (
                <p className="text-sm text-slate-500">{t("admin.noData")}</p>
              ) : (
                <table className="w-full text-sm">
                  <thead>
                    <tr className="text-start text-slate-500">
                      <th className="py-1 text-start font-medium">{t("admin.position")}</th>
                      <th className="py-1 text-end font-medium">{t("admin.clicks")}</th>
                      <th className="py-1 text-end font-medium">{t("admin.clickThrough")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {overview.clicksByPosition.map((row) => (
                      <tr key={row.position} className="border-t border-slate-100 dark:border-slate-800">
                        <td className="py-1">{row.position}</td>
                        <td className="py-1 text-end">{formatNumber(row.clicks, locale)}</td>
                        <td className="py-1 text-end">{formatNumber(row.clickThroughRate * 100, locale, 1)} %</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          </div>
        </section>
      </Container>
    </>
  );
}

function TermTable(props: { testId: string; title: string; rows: Array<{ term: string; count: number }> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className={CARD} data-testid={props.testId}>
      <h3 className="mb-2 font-semibold">{props.title}</h3>
      {props.rows.length === 0 ? (
        <p className="text-sm text-slate-500">{t("admin.noData")}</p>
      ) : (
        <ol className="text-sm">
          {props.rows.map((row) => (
            <li
              key={row.term}
              className="flex justify-between gap-3 border-t border-slate-100 py-1 first:border-t-0 dark:border-slate-800"
            >
              <span className="truncate">{row.term || "—"}</span>
              <span className="text-slate-500">{formatNumber(row.count, locale)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
