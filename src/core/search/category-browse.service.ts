import { privateApiIdsFor } from "../access/private-apis.service";
import { selectCategoryBySlug } from "../catalog/catalog.queries";
import { getCategoryPage, toCategory } from "../catalog/catalog.service";
import type { ApiCard, CategorySummary, Paged } from "../catalog/catalog.types";
import type { UseCaseContext } from "../use-case-context";
import type { CategorySort } from "./category-sorts";
import { searchApis } from "./search.service";
import type { FacetCount, SortField } from "./search.types";
import type { SearchBackend } from "./search-backend";

/*
 * A category page with sort and filters (spec "Categories"; issue's documented-first discovery): popular (documented
 * APIs first, each by popularity), rating, recently updated or name; pricing, authentication and "has endpoints"
 * filters. The plain page (popular, no filter) reads the catalog as before; any other choice goes through the search
 * service with the category as its filter, so the order and the counts are the search page's.
 */

const SORT_FIELD: Record<CategorySort, { field: SortField; direction: "ASC" | "DESC" }> = {
  popular: { field: "POPULARITY", direction: "DESC" },
  rating: { field: "RATING", direction: "DESC" },
  updated: { field: "UPDATED", direction: "DESC" },
  name: { field: "NAME", direction: "ASC" },
};

export interface CategoryBrowseInput {
  slug: string;
  sort: CategorySort;
  pricing: readonly string[];
  auth: readonly string[];
  documented: boolean;
  offset: number;
  limit: number;
}

export interface CategoryBrowse {
  category: CategorySummary;
  apis: Paged<ApiCard>;
  /** The pricing and authentication choices within the category, with counts; empty on the plain page. */
  facets: { pricingTypes: FacetCount[]; authTypes: FacetCount[] };
}

/** null when the slug names no category of the tenant. */
export async function browseCategory(
  ctx: UseCaseContext,
  input: CategoryBrowseInput,
  backend: SearchBackend,
): Promise<CategoryBrowse | null> {
  const page = { offset: input.offset, limit: input.limit };
  const plain = input.sort === "popular" && input.pricing.length === 0 && input.auth.length === 0 && !input.documented;
  if (plain) {
    const result = await getCategoryPage(ctx.db, ctx.tenantId, input.slug, page, ctx.viewer);
    if (!result) return null;
    // Facet counts come from the search service; the plain page shows the choices with them too.
    const facets = await searchApis(
      ctx.db,
      ctx.tenantId,
      {
        categoryNames: [input.slug],
        privateApiIds: await privateApiIdsFor(ctx.db, ctx.tenantId, ctx.viewer),
        offset: 0,
        limit: 1,
      },
      backend,
    );
    return {
      ...result,
      facets: { pricingTypes: facets.facets.pricingTypes, authTypes: facets.facets.authTypes },
    };
  }
  const row = await selectCategoryBySlug(ctx.db, ctx.tenantId, input.slug);
  if (!row) return null;
  const result = await searchApis(
    ctx.db,
    ctx.tenantId,
    {
      categoryNames: [row.slug],
      pricingTypes: input.pricing.length > 0 ? input.pricing : null,
      authTypes: input.auth.length > 0 ? input.auth : null,
      hasEndpoints: input.documented,
      privateApiIds: await privateApiIdsFor(ctx.db, ctx.tenantId, ctx.viewer),
      sort: [SORT_FIELD[input.sort]],
      ...page,
    },
    backend,
  );
  return {
    category: toCategory(row),
    apis: { items: result.items, total: result.total, offset: result.offset, limit: result.limit },
    facets: { pricingTypes: result.facets.pricingTypes, authTypes: result.facets.authTypes },
  };
}
