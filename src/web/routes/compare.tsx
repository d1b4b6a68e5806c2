import { type ReactNode, useEffect, useState } from "react";
import { getCatalogLocalizer } from "../../core/catalog/catalog-translations.service";
import {
  COMPARE_MAX,
  type CompareEntry,
  type CompareResult,
  compareApis,
  parseCompareParam,
  TOO_MANY_TO_COMPARE,
} from "../../core/catalog/compare.service";
import { PERIOD_ABBREVIATIONS } from "../../core/plans/plan-texts";
import { apiPath } from "../components/api-card";
import { ApiLogo } from "../components/api-logo";
import { CloseIcon, LockIcon } from "../components/icons";
import { LocalLink } from "../components/localized-link";
import { Container, PageHeader } from "../components/page-header";
import { PricingBadge } from "../components/pricing-badge";
import { RatingStars } from "../components/rating-stars";
import { ButtonLink } from "../components/ui/button";
import { EmptyState } from "../components/ui/empty-state";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { compareHref, useCompareSelection } from "../lib/compare-selection";
import { formatDate, formatNumber } from "../lib/format";
import { pageMeta } from "../lib/meta";
import { pageLocale } from "../lib/page-locale";
import { useLocale } from "../lib/root-data";
import type { Route } from "./+types/compare";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const refs = parseCompareParam(new URL(request.url).searchParams.get("apis"));
  const hideScores = context.tenant.config.switches.hideApiScores;
  if (refs.length > COMPARE_MAX) {
    // Refused, not truncated: silently dropping APIs from a shared link would mislead.
    return { refs, result: { items: [], problems: [] } as CompareResult, error: TOO_MANY_TO_COMPARE, hideScores };
  }
  const [compared, localizer] = await Promise.all([
    compareApis({ db: context.db, tenantId: context.tenant.id, viewer: context.viewer }, refs, { hideScores }),
    getCatalogLocalizer(context.db, context.tenant.id, pageLocale(params)),
  ]);
  const result = { ...compared, items: compared.items.map(localizer.card) };
  return { refs, result, error: null, hideScores };
}

export const handle: RouteHandle = {
  breadcrumb: () => [{ path: "/compare", labelKey: "compare.title" }],
};

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { key: "compare.metaTitle" });

function money(cents: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

interface Row {
  id: string;
  label: string;
  render: (entry: CompareEntry) => ReactNode;
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const selection = useCompareSelection();
  const { result, error, refs } = loaderData;
  const items = result.items;
  const [copied, setCopied] = useState(false);
  const dash = t("compare.unknown");

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const without = (ref: string) => compareHref(items.map((i) => i.ref).filter((r) => r !== ref));
  const plansList = (entry: CompareEntry, pick: (p: CompareEntry["plans"][number]) => string) =>
    entry.plans.length === 0 ? (
      <span className="text-slate-500 dark:text-slate-400">{dash}</span>
    ) : (
      <ul className="flex flex-col gap-0.5">
        {entry.plans.slice(0, 5).map((p) => (
          <li key={p.name}>
            <span className="font-medium">{p.name}</span>: {pick(p)}
          </li>
        ))}
      </ul>
    );

  const scoreRows = new Set(["popularity", "latency", "service"]);
  const allRows: Row[] = [
    {
      id: "pricing",
      label: t("compare.pricingType"),
      render: (e) => <PricingBadge pricing={e.pricingType} />,
    },
    {
      id: "cheapest",
      label: t("compare.cheapestPlan"),
      render: (e) =>
        e.cheapestPlan ? (
          <span>
            <span className="font-medium">{e.cheapestPlan.name}</span> ·{" "}
            {e.cheapestPlan.isFree
              ? t("compare.free")
              : t("compare.perMonth", {
                  price: money(e.cheapestPlan.monthlyPriceCents, e.cheapestPlan.currency, locale),
                })}
          </span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{t("compare.noPlans")}</span>
        ),
    },
    { id: "rate", label: t("compare.rateLimits"), render: (e) => plansList(e, (p) => p.rateLimitText) },
    {
      id: "quota",
      label: t("compare.quotas"),
      // Spec section 9 abbreviations (day, mo, yr); the number grouped for the reader's locale.
      render: (e) =>
        plansList(e, (p) =>
          p.quota === null ? p.quotaText : `${formatNumber(p.quota, locale)} / ${PERIOD_ABBREVIATIONS[p.quotaPeriod]}`,
        ),
    },
    { id: "auth", label: t("compare.authType"), render: (e) => e.authType ?? dash },
    { id: "endpoints", label: t("compare.endpoints"), render: (e) => formatNumber(e.endpointsCount, locale) },
    {
      id: "protocols",
      label: t("compare.protocols"),
      render: (e) => (e.protocols.length ? e.protocols.join(", ") : dash),
    },
    {
      id: "popularity",
      label: t("compare.popularity"),
      render: (e) => (e.popularity === null ? dash : `${formatNumber(e.popularity, locale, 1)} / 10`),
    },
    {
      id: "latency",
      label: t("compare.latency"),
      render: (e) => (e.latencyMs === null ? dash : `${formatNumber(e.latencyMs, locale)} ms`),
    },
    {
      id: "service",
      label: t("compare.serviceLevel"),
      render: (e) => (e.serviceLevel === null ? dash : `${formatNumber(e.serviceLevel, locale, 1)}%`),
    },
    {
      id: "rating",
      label: t("compare.rating"),
      render: (e) => <RatingStars rating={e.rating} votes={e.ratingVotes} isDemo={e.ratingIsDemo} />,
    },
    { id: "followers", label: t("compare.followers"), render: (e) => formatNumber(e.followersCount, locale) },
    { id: "updated", label: t("compare.lastUpdated"), render: (e) => formatDate(e.updatedAt, locale) },
    { id: "category", label: t("compare.category"), render: (e) => e.categoryName ?? dash },
    { id: "version", label: t("compare.version"), render: (e) => e.version ?? dash },
  ];
  const rows = loaderData.hideScores ? allRows.filter((row) => !scoreRows.has(row.id)) : allRows;

  return (
    <>
      <PageHeader title={t("compare.title")} intro={t("compare.intro")}>
        {items.length > 0 && (
          <button
            type="button"
            data-testid="compare-copy-link"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(window.location.href);
                setCopied(true);
              } catch {
                setCopied(false);
              }
            }}
            className="mt-4 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:border-accent hover:text-accent dark:border-slate-700"
          >
            {copied ? t("compare.linkCopied") : t("compare.copyLink")}
          </button>
        )}
      </PageHeader>
      <Container className="flex flex-col gap-5 py-8">
        {(error || result.problems.length > 0) && (
          <ul data-testid="compare-problems" role="alert" className="flex flex-col gap-1">
            {error && <li className="text-danger">{error}</li>}
            {result.problems.map((p) => (
              <li key={p.ref} className="text-danger">
                {p.message}
              </li>
            ))}
          </ul>
        )}
        {items.length === 0 ? (
          <EmptyState data-testid="compare-empty" size="lg" as="div">
            <p>{t("compare.empty")}</p>
            {selection.items.length >= 2 && refs.length === 0 ? (
              <ButtonLink to={compareHref(selection.items.map((i) => i.ref))} className="mt-4 inline-block">
                {t("compare.trayGo", { count: selection.items.length })}
              </ButtonLink>
            ) : (
              <LocalLink to="/hub" className="mt-4 inline-block font-semibold text-accent hover:underline">
                {t("compare.browse")}
              </LocalLink>
            )}
          </EmptyState>
        ) : (
          <>
            {items.length < 2 && <p className="text-sm text-slate-500 dark:text-slate-400">{t("compare.needMore")}</p>}
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
              <table data-testid="compare-table" className="w-full min-w-[36rem] border-collapse text-sm">
                <caption className="sr-only">{t("compare.title")}</caption>
                <thead>
                  <tr>
                    <th
                      scope="col"
                      className="sticky start-0 z-10 w-36 bg-slate-50 p-3 text-start text-xs font-semibold tracking-wider text-slate-500 dark:text-slate-400 uppercase dark:bg-slate-800"
                    >
                      {t("compare.attribute")}
                    </th>
                    {items.map((entry) => (
                      <th
                        key={entry.ref}
                        scope="col"
                        data-testid="compare-column"
                        data-ref={entry.ref}
                        className="min-w-44 border-s border-slate-200 p-3 text-start align-top dark:border-slate-800"
                      >
                        <div className="flex items-start gap-2">
                          <ApiLogo name={entry.name} thumbnail={entry.thumbnail} owner={{ apiId: entry.id }} />
                          <div className="min-w-0 flex-1">
                            <LocalLink
                              to={apiPath(entry)}
                              dir="auto"
                              className="line-clamp-2 font-semibold hover:text-accent"
                            >
                              {entry.name}
                            </LocalLink>
                            <p className="truncate text-xs font-normal text-slate-500 dark:text-slate-400">
                              @{entry.ownerUsername}
                            </p>
                            {entry.visibility !== "PUBLIC" && (
                              <LockIcon className="mt-1 size-3.5 text-slate-400" aria-label={t("common.private")} />
                            )}
                          </div>
                          <LocalLink
                            to={without(entry.ref)}
                            aria-label={`${t("compare.removeColumn")}: ${entry.name}`}
                            title={t("compare.removeColumn")}
                            className="rounded-full p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-slate-800"
                            onClick={() => selection.remove(entry.ref)}
                          >
                            <CloseIcon className="size-4" />
                          </LocalLink>
                        </div>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr
                      key={row.id}
                      data-testid={`compare-row-${row.id}`}
                      className="border-t border-slate-100 dark:border-slate-800"
                    >
                      <th
                        scope="row"
                        className="sticky start-0 z-10 bg-slate-50 p-3 text-start align-top text-xs font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                      >
                        {row.label}
                      </th>
                      {items.map((entry) => (
                        <td key={entry.ref} className="border-s border-slate-100 p-3 align-top dark:border-slate-800">
                          {row.render(entry)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {items.some((i) => i.isDemoData) && (
              <p className="text-xs text-slate-500 dark:text-slate-400">{t("compare.demoData")}</p>
            )}
          </>
        )}
      </Container>
    </>
  );
}
