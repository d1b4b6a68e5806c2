import type { MouseEvent } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { TypeaheadResult } from "../lib/search-client";
import { SEARCH_DROPDOWN_POSITION, SEARCH_OPTION_CLASS } from "../lib/search-option-class";
import { ApiLogo } from "./api-logo";
import { LockIcon } from "./icons";
import { SearchMethodBadge } from "./search-method-badge";

export interface SearchDropdownProps {
  listboxId: string;
  optionId: (index: number) => string;
  open: boolean;
  results: TypeaheadResult | null;
  /** Index of the highlighted option (-1: none); the last option is 'To All Results'. */
  active: number;
  variant: "bar" | "drawer" | "hero";
  hrefs: { hits: string[]; allResults: string };
  onChoose: (index: number, event: MouseEvent<HTMLAnchorElement>) => void;
}

const OPTION = SEARCH_OPTION_CLASS;

/**
 * The typeahead popup (spec sections 4 and 9): up to 6 APIs with logo, name, category and, when the match was an
 * operation, the endpoint; then 'To All Results ({totalResults})'. Options are links (middle-click opens a tab) with
 * role=option; focus stays in the input, which points at the highlighted one with aria-activedescendant.
 */
export function SearchDropdown(props: SearchDropdownProps) {
  const { t } = useTranslation();
  const { results, open } = props;
  const hits = results?.hits ?? [];
  const allIndex = hits.length;
  const position = SEARCH_DROPDOWN_POSITION[props.variant];
  return (
    <div
      data-testid="search-dropdown"
      hidden={!open}
      className={`${position} overflow-hidden rounded-xl border border-slate-200 bg-white text-start text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open && hits.length === 0 && results && (
        <p data-testid="search-no-results" className="px-4 pt-3 pb-1 text-sm text-slate-600 dark:text-slate-400">
          {t("nav.searchNoResults", { term: results.term })}
        </p>
      )}
      <div id={props.listboxId} role="listbox" aria-label={t("nav.searchSuggestions")} className="py-1">
        {open &&
          hits.map((hit, index) => (
            <a
              key={hit.id}
              id={props.optionId(index)}
              role="option"
              aria-selected={props.active === index}
              tabIndex={-1}
              href={props.hrefs.hits[index]}
              data-testid="search-option"
              // Keeps focus (and the open dropdown) in the input while the pointer is down.
              onMouseDown={(event) => event.preventDefault()}
              onClick={(event) => props.onChoose(index, event)}
              className={OPTION}
            >
              <span className="*:size-9 *:rounded-lg *:text-xs">
                <ApiLogo name={hit.name} thumbnail={hit.thumbnail} owner={{ apiId: hit.id }} />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span dir="auto" className="flex items-center gap-1 truncate text-sm font-semibold rtl:text-right">
                  <span className="truncate">{hit.name}</span>
                  {hit.visibility === "PRIVATE" && (
                    <span title={t("common.private")} data-testid="private-lock" className="shrink-0 text-slate-400">
                      <LockIcon className="size-3.5" />
                      <span className="sr-only">{t("common.private")}</span>
                    </span>
                  )}
                </span>
                {hit.categoryName && (
                  <span className="truncate text-xs text-slate-500 dark:text-slate-400">{hit.categoryName}</span>
                )}
                {hit.endpoint && (
                  <span data-testid="search-option-endpoint" className="mt-0.5 flex min-w-0 items-center gap-1.5">
                    <span className="sr-only">{t("nav.searchMatchedEndpoint")}</span>
                    <SearchMethodBadge method={hit.endpoint.method} compact />
                    <span dir="ltr" className="truncate font-mono text-[11px] text-slate-600 dark:text-slate-300">
                      {hit.endpoint.path}
                    </span>
                  </span>
                )}
              </span>
            </a>
          ))}
        {open && results && (
          <a
            id={props.optionId(allIndex)}
            role="option"
            aria-selected={props.active === allIndex}
            tabIndex={-1}
            href={props.hrefs.allResults}
            data-testid="search-all-results"
            onMouseDown={(event) => event.preventDefault()}
            onClick={(event) => props.onChoose(allIndex, event)}
            className={`${OPTION} mt-1 border-t border-slate-100 py-2.5 text-sm font-semibold text-accent dark:border-slate-800`}
          >
            {t("nav.toAllResults", { totalResults: results.total })}
          </a>
        )}
      </div>
    </div>
  );
}
