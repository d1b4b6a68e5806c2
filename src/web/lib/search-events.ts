import { useEffect, useRef } from "react";
import { trackSearch } from "./search-client";
import { SEARCH_EVENT_DELAY_MS } from "./search-typeahead";

/**
 * Navigation state from the top bar to /search/{term}: the Search event for the term was sent from the typeahead, so
 * the results page does not count the same search twice (docs/decisions/012-search-analytics-events.md).
 */
export interface SearchNavigationState {
  searchEventSent: string;
}

export function searchEventSentBefore(state: unknown, term: string): boolean {
  return (
    typeof state === "object" && state !== null && (state as Partial<SearchNavigationState>).searchEventSent === term
  );
}

/**
 * The results page's Search event: once per term shown, 500 ms after it stopped changing (filters, sort and paging
 * keep the term and send nothing), unless the top bar already sent it for this term.
 */
export function useResultsPageSearchEvent(
  term: string,
  result: { total: number; queryId: string },
  navigationState: unknown,
): void {
  const sentFor = useRef<string | null>(null);
  const latest = useRef(result);
  latest.current = result;
  const alreadySent = searchEventSentBefore(navigationState, term);
  useEffect(() => {
    if (term === "" || sentFor.current === term) return;
    if (alreadySent) {
      sentFor.current = term;
      return;
    }
    const timer = setTimeout(() => {
      sentFor.current = term;
      trackSearch(term, latest.current.total, latest.current.queryId);
    }, SEARCH_EVENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, alreadySent]);
}
