import type { SearchClick } from "./search-client";

/*
 * Which search result a click landed on (spec section 7), read from the result list's markup so the React page and
 * the visitor script (decision 162) count clicks the same way. The list carries the search's `data-query-id`,
 * `data-search-index` and `data-offset`; each result its `data-result-index`, `data-product-id` and
 * `data-result-href`. Only a click on the link to the result's own page counts (not on its category chip).
 */
export function searchClickOf(target: EventTarget | null): SearchClick | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest("a");
  const item = link?.closest<HTMLElement>("[data-result-index]");
  const list = item?.closest<HTMLElement>("[data-search-index]");
  if (!link || !item || !list) return null;
  if (link.getAttribute("href") !== item.dataset.resultHref) return null;
  const { productId } = item.dataset;
  const { searchIndex, queryId } = list.dataset;
  if (!productId || !searchIndex || queryId === undefined) return null;
  return {
    productId,
    searchIndex,
    queryId,
    // Positions are 1-based over the whole result list, not the page.
    position: Number(list.dataset.offset ?? 0) + Number(item.dataset.resultIndex) + 1,
  };
}
