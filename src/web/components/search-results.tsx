import type { MouseEvent } from "react";
import { Link } from "react-router";
import type { ApiCard as ApiCardData, CollectionSummary } from "../../core/catalog/catalog.types";
import type { MatchedEndpoint } from "../../core/search/search.types";
import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { useLocale, useLocalize } from "../lib/root-data";
import { searchClickOf } from "../lib/search-click";
import { trackSearchClick } from "../lib/search-client";
import { type SearchPageQuery, searchPageHref } from "../lib/search-params";
import { useLinkDiscover } from "../lib/static-visitor-page";
import { ApiCard, apiPath } from "./api-card";
import { ApiLogo } from "./api-logo";
import { LocalLink } from "./localized-link";
import { SearchMethodBadge } from "./search-method-badge";
import { ButtonLink } from "./ui/button";

/** Search index name sent with clicks on the Resources list (endpoints are ranked by relevance only). */
const RESOURCES_INDEX = "resources";

/** Records a search-click (spec section 7) for a click on a result's own link (see search-click.ts). */
function trackResultClick(event: MouseEvent<HTMLElement>): void {
  const click = searchClickOf(event.target);
  if (click) trackSearchClick(click);
}

export function MatchedEndpointLine(props: { endpoint: MatchedEndpoint }) {
  const { t } = useTranslation();
  return (
    <p
      data-testid="search-card-endpoint"
      className="flex min-w-0 items-center gap-1.5 px-2 pt-1.5 text-xs text-slate-600 dark:text-slate-400"
    >
      <span className="sr-only">{t("nav.searchMatchedEndpoint")}</span>
      <SearchMethodBadge method={props.endpoint.method} compact />
      <span dir="ltr" className="truncate font-mono">
        {props.endpoint.path}
      </span>
    </p>
  );
}

/** The cards a phone's first screen (and a desktop's first rows) can show: rendered at once, the rest lazily. */
const CARDS_LAID_OUT_AT_ONCE = 6;

export function SearchApiGrid(props: {
  apis: Array<ApiCardData & { matchedEndpoint: MatchedEndpoint | null }>;
  offset: number;
  queryId: string;
  replicaIndex: string;
}) {
  const localize = useLocalize();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: observes clicks on the links inside (Enter on a link clicks too).
    <ul
      data-testid="search-api-results"
      data-search-index={props.replicaIndex}
      data-query-id={props.queryId}
      data-offset={props.offset}
      onClick={trackResultClick}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
    >
      {props.apis.map((api, index) => (
        <li
          key={api.id}
          data-result-index={index}
          data-product-id={api.id}
          data-result-href={localize(apiPath(api))}
          // Cards below the first screen are laid out only when scrolled near (issue 18: a page of 24 cards spent
          // over a second in style and layout on a throttled phone); 240px is a card's usual height.
          className={`flex min-w-0 flex-col ${index >= CARDS_LAID_OUT_AT_ONCE ? "[contain-intrinsic-size:auto_240px] [content-visibility:auto]" : ""}`}
        >
          <ApiCard api={api} className="flex-1" />
          {api.matchedEndpoint && <MatchedEndpointLine endpoint={api.matchedEndpoint} />}
        </li>
      ))}
    </ul>
  );
}

export function SearchCollectionGrid(props: { collections: CollectionSummary[]; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul
      data-testid="search-collection-results"
      className={`grid gap-4 ${props.compact ? "sm:grid-cols-3" : "sm:grid-cols-2 xl:grid-cols-3"}`}
    >
      {props.collections.map((collection) => (
        <li key={collection.id} className="min-w-0">
          <LocalLink
            to={`/collection/${collection.slug}`}
            data-testid="search-collection"
            className="flex h-full gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-accent/60 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
          >
            <ApiLogo name={collection.name} thumbnail={collection.thumbnail} owner={{ collectionId: collection.id }} />
            <span className="flex min-w-0 flex-col gap-1">
              <span dir="auto" className="font-semibold">
                {collection.name}
              </span>
              {collection.description && !props.compact && (
                <span dir="auto" className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">
                  {collection.description}
                </span>
              )}
              <span className="mt-auto text-xs font-semibold text-accent">
                {t("common.apiCount", { count: collection.apiCount })}
              </span>
            </span>
          </LocalLink>
        </li>
      ))}
    </ul>
  );
}

export interface ResourceItem extends MatchedEndpoint {
  api: ApiCardData;
}

/** Endpoints (operations) matching the term; each links to its API's endpoint list, filtered to that path. */
export function SearchResourceList(props: { resources: ResourceItem[]; offset: number; queryId: string }) {
  const { t } = useTranslation();
  const discover = useLinkDiscover();
  const localize = useLocalize();
  const hrefOf = (r: ResourceItem) => localize(`${apiPath(r.api)}?q=${encodeURIComponent(r.path)}`);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: observes clicks on the links inside.
    <ul
      data-testid="search-resource-results"
      data-search-index={RESOURCES_INDEX}
      data-query-id={props.queryId}
      data-offset={props.offset}
      onClick={trackResultClick}
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {props.resources.map((r, index) => (
        <li key={r.id} data-result-index={index} data-product-id={r.api.id} data-result-href={hrefOf(r)}>
          <Link
            to={hrefOf(r)}
            discover={discover}
            data-testid="search-resource"
            className="flex flex-col gap-1.5 px-4 py-3 transition hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4 dark:hover:bg-slate-800/60"
          >
            <span className="flex min-w-0 flex-1 items-center gap-3">
              <SearchMethodBadge method={r.method} />
              <span className="flex min-w-0 flex-col">
                <span dir="ltr" className="truncate font-mono text-sm font-medium">
                  {r.path}
                </span>
                {r.summary && (
                  <span dir="auto" className="truncate text-xs text-slate-500 dark:text-slate-400">
                    {r.summary}
                  </span>
                )}
              </span>
            </span>
            <span className="flex min-w-0 items-center gap-2 ps-[4.75rem] text-xs text-slate-600 sm:max-w-[40%] sm:ps-0 dark:text-slate-400">
              <span className="*:size-6 *:rounded-md *:text-[9px]">
                <ApiLogo name={r.api.name} thumbnail={r.api.thumbnail} owner={{ apiId: r.api.id }} />
              </span>
              <span dir="auto" className="truncate">
                {t("search.inApi", { name: r.api.name })}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Previous/next with the `after` cursor (base64 of the offset), keeping every other parameter. */
export function SearchPager(props: {
  query: SearchPageQuery;
  offset: number;
  limit: number;
  shown: number;
  total: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { offset, limit, total } = props;
  if (total <= limit && offset === 0) return null;
  const link =
    "inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-accent hover:text-accent dark:border-slate-700 dark:bg-slate-900";
  const disabled = "pointer-events-none opacity-40";
  const hasPrevious = offset > 0;
  const hasNext = offset + props.shown < total;
  return (
    <nav
      aria-label={t("common.pagination")}
      data-testid="search-pager"
      className="flex flex-wrap items-center justify-center gap-3"
    >
      {hasPrevious ? (
        <LocalLink
          to={searchPageHref(props.query, { offset: Math.max(0, offset - limit) })}
          rel="prev"
          data-testid="search-prev"
          className={link}
        >
          {t("common.previous")}
        </LocalLink>
      ) : (
        <span aria-disabled="true" className={`${link} ${disabled}`}>
          {t("common.previous")}
        </span>
      )}
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {t("search.showing", {
          from: formatNumber(props.shown === 0 ? 0 : offset + 1, locale),
          to: formatNumber(offset + props.shown, locale),
          total: formatNumber(total, locale),
        })}
      </span>
      {hasNext ? (
        <LocalLink
          to={searchPageHref(props.query, { offset: offset + limit })}
          rel="next"
          data-testid="search-next"
          className={link}
        >
          {t("common.next")}
        </LocalLink>
      ) : (
        <span aria-disabled="true" className={`${link} ${disabled}`}>
          {t("common.next")}
        </span>
      )}
    </nav>
  );
}

/** Spec section 2 and 8: nothing matched; suggest checking the spelling or another term. */
export function SearchEmptyState(props: { term: string }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="search-empty"
      className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700"
    >
      <h2 className="text-xl font-bold">{t("search.emptyTitle", { term: props.term })}</h2>
      <p className="text-slate-600 dark:text-slate-400">{t("search.emptyHint")}</p>
      <ButtonLink to="/categories" className="mt-3">
        {t("hub.browseCategories")}
      </ButtonLink>
    </div>
  );
}
