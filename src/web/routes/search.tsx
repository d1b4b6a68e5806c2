import { type FormEvent, useState } from "react";
import { redirect, useLocation, useNavigate } from "react-router";
import { localizePath } from "../../common/i18n/locale-path";
import { DEFAULT_LOCALE, isPrefixedLocale } from "../../common/locales";
import { SearchIcon } from "../components/icons";
import { LocalLink } from "../components/localized-link";
import { Container } from "../components/page-header";
import { SearchActiveFilters, SearchFilters, SearchSortSelect } from "../components/search-filters";
import {
  SearchApiGrid,
  SearchCollectionGrid,
  SearchEmptyState,
  SearchPager,
  SearchResourceList,
} from "../components/search-results";
import { SearchTabs } from "../components/search-tabs";
import { Button } from "../components/ui/button";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { formatNumber } from "../lib/format";
import { canonicalLink, pageMeta } from "../lib/meta";
import { useLocale, useLocalize } from "../lib/root-data";
import { useResultsPageSearchEvent } from "../lib/search-events";
import { loadSearchPage, type SearchPageData } from "../lib/search-page.server";
import {
  isSearchLandingPage,
  parseSearchQuery,
  searchBasePath,
  searchHref,
  searchPageHref,
} from "../lib/search-params";
import type { StaticVisitorHandle } from "../lib/static-visitor-page";
import type { Route } from "./+types/search";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = params.lang && isPrefixedLocale(params.lang) ? params.lang : DEFAULT_LOCALE;
  // The top bar's form without JavaScript: /search?term=x → /search/x (an empty term stays on /search).
  const typed = url.searchParams.get("term");
  if (params.term === undefined && typed !== null) {
    throw redirect(localizePath(searchHref(typed) ?? "/search", locale));
  }
  // Slashes are removed from the term (spec section 5); a URL that carried any is redirected to its clean form.
  const query = parseSearchQuery(params.term, url.searchParams);
  if (params.term !== undefined && params.term !== query.term) {
    throw redirect(localizePath(searchPageHref(query, { offset: query.offset }), locale));
  }
  return loadSearchPage(
    context.db,
    context.providers.search,
    context.tenant.id,
    query,
    context.viewer,
    locale,
    context.tenant.config.switches.apiHealthCheck,
  );
}

export const handle: RouteHandle & StaticVisitorHandle = {
  // A signed-out visitor gets server HTML and the visitor script, not the React app (decision 162): the filters,
  // sort, tabs and pager are GET forms and links, the script submits filter changes and sends the search events.
  staticForVisitors: () => true,
  breadcrumb: (data) => {
    const { query } = data as SearchPageData;
    const crumbs = [{ path: "/search", labelKey: "search.breadcrumb" }];
    return query.term === "" ? crumbs : [...crumbs, { path: searchBasePath(query.term), label: query.term }];
  },
};

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const term = loaderData?.query.term ?? "";
  const tags =
    term === ""
      ? pageMeta(matches, { key: "meta.searchBrowseTitle" }, { key: "meta.searchBrowseDescription" })
      : pageMeta(
          matches,
          { key: "meta.searchTitle", vars: { term } },
          { key: "meta.searchDescription", vars: { term, count: loaderData?.apis.total ?? 0 } },
        );
  return isSearchLandingPage(term, location.search, loaderData?.apis.total ?? 0)
    ? [...tags, ...canonicalLink(matches, location.pathname)]
    : [...tags, { name: "robots", content: "noindex, follow" }];
};

/** The page's own search field: on small screens the top bar's box sits in the drawer. */
function SearchPageForm(props: { term: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalize();
  const [value, setValue] = useState(props.term);
  const [shown, setShown] = useState(props.term);
  if (shown !== props.term) {
    // A new term arrived through navigation: the field follows it.
    setShown(props.term);
    setValue(props.term);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = searchHref(value);
    if (target !== null) navigate(localize(target));
  }
  return (
    <search className="mt-5 block max-w-2xl">
      <form method="get" action={localize("/search")} onSubmit={submit} className="flex gap-2">
        <label htmlFor="search-page-term" className="sr-only">
          {t("nav.searchLabel")}
        </label>
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <input
            id="search-page-term"
            name="term"
            type="search"
            value={value}
            onChange={(event) => setValue(event.target.value.replace(/\//g, ""))}
            placeholder={t("nav.searchPlaceholder")}
            autoComplete="off"
            enterKeyHint="search"
            data-testid="search-page-input"
            className="h-11 w-full rounded-lg border border-slate-300 bg-white ps-9 pe-3 text-base focus:border-accent focus:outline-none dark:border-slate-700 dark:bg-slate-900"
          />
        </div>
        <Button type="submit" size="custom" className="h-11 rounded-lg px-5">
          {t("search.submit")}
        </Button>
      </form>
    </search>
  );
}

function SectionHeading(props: { title: string; count: number; href: string; testId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="mb-3 flex items-baseline justify-between gap-3">
      <h2 className="text-lg font-bold">
        {props.title}{" "}
        <span className="text-sm font-medium text-slate-500 dark:text-slate-400">
          ({formatNumber(props.count, locale)})
        </span>
      </h2>
      <LocalLink
        to={props.href}
        data-testid={props.testId}
        className="text-sm font-semibold text-accent hover:underline"
      >
        {t("common.viewAll")}
      </LocalLink>
    </div>
  );
}

function ApisSection(props: { data: SearchPageData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { apis, query, tagDefinitions } = props.data;
  const filtered =
    query.categories.length + query.pricing.length + query.auth.length + query.tags.length > 0 ||
    query.documented ||
    query.healthy;
  return (
    <div className="grid gap-6 lg:grid-cols-[220px_minmax(0,1fr)] lg:gap-8">
      <aside>
        <SearchFilters
          query={query}
          facets={apis.facets}
          tagDefinitions={tagDefinitions}
          healthFilter={props.data.healthCheckOn}
        />
      </aside>
      <section aria-labelledby="search-apis-heading" className="flex min-w-0 flex-col gap-5">
        {query.tab === "all" && query.offset === 0 && <TopMatches data={props.data} />}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="search-apis-heading" className="text-lg font-bold">
            {t("search.tabs.apis")}{" "}
            <span className="text-sm font-medium text-slate-500 dark:text-slate-400">
              ({formatNumber(apis.total, locale)})
            </span>
          </h2>
          <SearchSortSelect query={query} />
        </div>
        <SearchActiveFilters query={query} tagDefinitions={tagDefinitions} />
        {apis.items.length > 0 ? (
          <SearchApiGrid
            apis={apis.items}
            offset={apis.offset}
            queryId={apis.queryId}
            replicaIndex={apis.replicaIndex}
          />
        ) : (
          <p data-testid="search-tab-empty" className="text-slate-600 dark:text-slate-400">
            {filtered
              ? t("search.noApisFiltered")
              : query.term === ""
                ? t("search.noApisAtAll")
                : t("search.noApis", { term: query.term })}
          </p>
        )}
        <SearchPager
          query={query}
          offset={apis.offset}
          limit={apis.limit}
          shown={apis.items.length}
          total={apis.total}
        />
      </section>
    </div>
  );
}

/** The All tab's head: top collections and top resources for the term (spec section 2). */
function TopMatches(props: { data: SearchPageData }) {
  const { t } = useTranslation();
  const { collections, resources, query } = props.data;
  return (
    <>
      {query.term !== "" && collections.items.length > 0 && (
        <section data-testid="search-top-collections">
          <SectionHeading
            title={t("search.topCollections")}
            count={collections.total}
            href={searchPageHref(query, { tab: "collections" })}
            testId="search-view-all-collections"
          />
          <SearchCollectionGrid collections={collections.items} compact />
        </section>
      )}
      {resources.items.length > 0 && (
        <section data-testid="search-top-resources">
          <SectionHeading
            title={t("search.topResources")}
            count={resources.total}
            href={searchPageHref(query, { tab: "resources" })}
            testId="search-view-all-resources"
          />
          <SearchResourceList resources={resources.items} offset={0} queryId={resources.queryId} />
        </section>
      )}
    </>
  );
}

function CollectionsSection(props: { data: SearchPageData }) {
  const { t } = useTranslation();
  const { collections, query } = props.data;
  return (
    <section className="flex flex-col gap-5">
      {collections.items.length > 0 ? (
        <SearchCollectionGrid collections={collections.items} />
      ) : (
        <p data-testid="search-tab-empty" className="text-slate-600 dark:text-slate-400">
          {t("search.noCollections", { term: query.term })}
        </p>
      )}
      <SearchPager
        query={query}
        offset={collections.offset}
        limit={collections.limit}
        shown={collections.items.length}
        total={collections.total}
      />
    </section>
  );
}

function ResourcesSection(props: { data: SearchPageData }) {
  const { t } = useTranslation();
  const { resources, query } = props.data;
  return (
    <section className="flex flex-col gap-5">
      {resources.items.length > 0 ? (
        <SearchResourceList resources={resources.items} offset={resources.offset} queryId={resources.queryId} />
      ) : (
        <p data-testid="search-tab-empty" className="text-slate-600 dark:text-slate-400">
          {query.term === "" ? t("search.resourcesNeedTerm") : t("search.noResources", { term: query.term })}
        </p>
      )}
      <SearchPager
        query={query}
        offset={resources.offset}
        limit={resources.limit}
        shown={resources.items.length}
        total={resources.total}
      />
    </section>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, apis, collections, resources } = loaderData;
  // Spec section 7 `Search` event for searches made here (links, this page's own field, Enter in the top bar).
  useResultsPageSearchEvent(query.term, apis, useLocation().state);
  const filtered =
    query.categories.length + query.pricing.length + query.auth.length + query.tags.length > 0 ||
    query.documented ||
    query.healthy;
  const nothing = query.term !== "" && !filtered && apis.total + collections.total + resources.total === 0;
  return (
    <>
      <div
        // What the visitor script needs for the results page's Search event (src/web/visitor/visitor-search-page.ts).
        data-search-page
        data-term={query.term}
        data-total={apis.total}
        data-query-id={apis.queryId}
        className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/40"
      >
        <div className="mx-auto max-w-[1320px] px-4 pt-8 sm:px-6">
          <h1
            data-testid="search-title"
            dir="auto"
            className="text-2xl font-bold tracking-tight break-words sm:text-3xl"
          >
            {query.term === "" ? t("search.browseTitle") : t("search.resultsFor", { term: query.term })}
          </h1>
          <SearchPageForm term={query.term} />
          {!nothing && (
            <SearchTabs
              query={query}
              counts={{ apis: apis.total, collections: collections.total, resources: resources.total }}
            />
          )}
          {nothing && <div className="h-8" />}
        </div>
      </div>
      <Container className="py-8">
        {nothing ? (
          <SearchEmptyState term={query.term} />
        ) : query.tab === "collections" ? (
          <CollectionsSection data={loaderData} />
        ) : query.tab === "resources" ? (
          <ResourcesSection data={loaderData} />
        ) : (
          <ApisSection data={loaderData} />
        )}
      </Container>
    </>
  );
}
