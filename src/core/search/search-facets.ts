import type { FacetGroupRow } from "./search.queries";
import type { FacetCount, SearchFacets } from "./search.types";
import type { FacetFilters } from "./search-backend";
import type { SearchFilters } from "./search-conditions";

/* Facets from grouped counts: disjunctive counting, labels, and the facet filters applied in TypeScript. */

export const EMPTY_FACETS: SearchFacets = { categories: [], pricingTypes: [], authTypes: [] };

function byCountThenLabel(a: FacetCount, b: FacetCount): number {
  if (a.count !== b.count) return b.count - a.count;
  return a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
}

function tally(
  groups: readonly FacetGroupRow[],
  keep: (g: FacetGroupRow) => boolean,
  key: (g: FacetGroupRow) => string | null,
  label: (value: string) => string,
  filterValue: (value: string) => string = (v) => v,
): FacetCount[] {
  const counts = new Map<string, number>();
  for (const g of groups) {
    const k = key(g);
    if (k === null || !keep(g)) continue;
    counts.set(k, (counts.get(k) ?? 0) + g.n);
  }
  return [...counts].map(([k, count]) => ({ value: filterValue(k), label: label(k), count })).sort(byCountThenLabel);
}

/**
 * Total and facets from the grouped counts. Facets are disjunctive: each one is counted with every filter except its
 * own, so choosing one category still shows how many results the other categories would give.
 */
export function summarizeFacets(
  groups: readonly FacetGroupRow[],
  filters: SearchFilters,
  categoryNames: ReadonlyMap<string, string>,
): { total: number; facets: SearchFacets } {
  const inCategory = (g: FacetGroupRow) =>
    filters.categoryIds === undefined || (g.category_id !== null && filters.categoryIds.includes(g.category_id));
  const inPricing = (g: FacetGroupRow) =>
    filters.pricingTypes === undefined || filters.pricingTypes.includes(g.pricing_type);
  const inAuth = (g: FacetGroupRow) =>
    filters.authTypes === undefined || (g.auth_type !== null && filters.authTypes.includes(g.auth_type));
  let total = 0;
  for (const g of groups) if (inCategory(g) && inPricing(g) && inAuth(g)) total += g.n;
  const categoryLabel = (id: string) => categoryNames.get(id) ?? id;
  return {
    total,
    facets: {
      categories: tally(
        groups,
        (g) => inPricing(g) && inAuth(g),
        (g) => g.category_id,
        categoryLabel,
        categoryLabel,
      ),
      pricingTypes: tally(
        groups,
        (g) => inCategory(g) && inAuth(g),
        (g) => g.pricing_type,
        (v) => v,
      ),
      authTypes: tally(
        groups,
        (g) => inCategory(g) && inPricing(g),
        (g) => g.auth_type,
        (v) => v,
      ),
    },
  };
}

/** Whether a document's facet columns pass the facet filters (the SQL facetConditions, in TypeScript). */
export function inFacetFilters(row: FacetGroupRow, filters: FacetFilters): boolean {
  return (
    (filters.categoryIds === undefined ||
      (row.category_id !== null && filters.categoryIds.includes(row.category_id))) &&
    (filters.pricingTypes === undefined || filters.pricingTypes.includes(row.pricing_type)) &&
    (filters.authTypes === undefined || (row.auth_type !== null && filters.authTypes.includes(row.auth_type)))
  );
}
