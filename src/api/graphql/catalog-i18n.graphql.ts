import { getCatalogLocalizer } from "../../core/catalog/catalog-translations.service";
import type { FacetCount } from "../../core/search/search.types";
import type { GraphQLContext } from "./graphql-context";

/*
 * Category and collection names in the request's language (decision 130): field resolvers on the types, so every
 * query that returns a category (an API's, a category page, the list), a collection or the search page's category
 * facet answers in the language of the `portico_lang` cookie, else of Accept-Language, else en-US. The localizer is
 * one cached read per tenant and language; facet values stay the en-US names (they are filters, the same in every
 * language), only their labels are translated.
 */

interface TextParent {
  slug: string;
  name: string;
  description: string | null;
}

const localizer = (ctx: GraphQLContext) => getCatalogLocalizer(ctx.db, ctx.tenant.id, ctx.locale);

export const catalogI18nResolvers = {
  Category: {
    name: async (parent: TextParent, _: unknown, ctx: GraphQLContext) => (await localizer(ctx)).category(parent).name,
    description: async (parent: TextParent, _: unknown, ctx: GraphQLContext) =>
      (await localizer(ctx)).category(parent).description,
  },
  Collection: {
    name: async (parent: TextParent, _: unknown, ctx: GraphQLContext) => (await localizer(ctx)).collection(parent).name,
    description: async (parent: TextParent, _: unknown, ctx: GraphQLContext) =>
      (await localizer(ctx)).collection(parent).description,
  },
  SearchFacets: {
    categories: async (parent: { categories: FacetCount[] }, _: unknown, ctx: GraphQLContext) => {
      const l = await localizer(ctx);
      return parent.categories.map((f) => ({ ...f, label: l.categoryName(f.value, f.label) ?? f.label }));
    },
  },
};
