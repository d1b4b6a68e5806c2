import { useTranslation } from "../i18n/use-translation";
import { formatNumber } from "../lib/format";
import { useLocale } from "../lib/root-data";
import { SEARCH_TABS, type SearchPageQuery, type SearchTab, searchPageHref } from "../lib/search-params";
import { TabBar, TabLink } from "./ui/tabs";

/** Spec section 2: the search page's tabs All, APIs, Collections, Resources (links: each tab has its own URL). */
export function SearchTabs(props: { query: SearchPageQuery; counts: Record<Exclude<SearchTab, "all">, number> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <TabBar
      label={t("search.tabsLabel")}
      testId="search-tabs"
      className="-mx-2.5 -mb-px mt-6 flex overflow-x-auto sm:mx-0 sm:gap-1"
    >
      {SEARCH_TABS.map((tab) => {
        const selected = tab === props.query.tab;
        const count = tab === "all" ? null : props.counts[tab];
        return (
          <TabLink
            key={tab}
            to={searchPageHref(props.query, { tab })}
            current={selected}
            data-testid={`search-tab-${tab}`}
            preventScrollReset
            data-keep-scroll
            spacing="inline-flex shrink-0 items-center gap-1.5 px-2.5 py-3 sm:gap-2 sm:px-4"
          >
            {t(`search.tabs.${tab}`)}
            {count !== null && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                {formatNumber(count, locale)}
              </span>
            )}
          </TabLink>
        );
      })}
    </TabBar>
  );
}
