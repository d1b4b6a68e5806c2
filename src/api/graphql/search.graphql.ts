import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from "graphql";
import { z } from "zod";
import { privateApiIdsForSearchToken } from "../../core/access/private-apis.service";
import { AppError } from "../../core/errors/app-error";
import { recordClientEvent } from "../../core/events/client-events.service";
import { SEARCH_CLICK_EVENT, SEARCH_EVENT } from "../../core/events/events.types";
import { listVisibleTags, searchApis, searchCollections, searchResources } from "../../core/search/search.service";
import {
  type ApiSearchHit,
  DEFAULT_DIRECTION,
  DEFAULT_SEARCH_PAGE_SIZE,
  type ResourceHit,
  type SortSpec,
} from "../../core/search/search.types";
import { apiNode, toConnection } from "./catalog.graphql";
import { decodeCursor } from "./cursor";
import type { GraphQLContext } from "./graphql-context";

export const searchTypeDefs = /* GraphQL */ `
  enum SearchSortField {
    RELEVANCE
    POPULARITY
    RATING
    LATENCY
    UPDATED
    NAME
  }
  enum SortDirection {
    ASC
    DESC
  }
  "One sort key; 'by' defaults to the field's natural direction (LATENCY and NAME ascending, others descending)."
  input SearchSortingField {
    fieldName: SearchSortField!
    by: SortDirection
  }
  input SearchOrderBy {
    sortingFields: [SearchSortingField!]!
  }
  "The operation of the API's current spec that best matched the term."
  type SearchMatchedEndpoint {
    id: ID!
    method: String!
    path: String!
    summary: String
  }
  extend type ApiProduct {
    "Set on searchApis results when an endpoint's method, path, summary or operation id matched; null elsewhere."
    matchedEndpoint: SearchMatchedEndpoint
  }
  type FacetCount {
    "The value to pass back as a filter (categoryNames, pricingTypes, authTypes)."
    value: String!
    label: String!
    count: Int!
  }
  type SearchFacets {
    categories: [FacetCount!]!
    pricingTypes: [FacetCount!]!
    authTypes: [FacetCount!]!
  }
  type ApiSearchResult {
    nodes: [ApiProduct!]!
    pageInfo: PageInfo!
    queryID: String!
    replicaIndex: String!
    offset: Int!
    total: Int!
    "The cleaned term that was searched (slashes removed, trimmed, capped)."
    term: String!
    facets: SearchFacets!
  }
  type CollectionSearchResult {
    nodes: [Collection!]!
    pageInfo: PageInfo!
    offset: Int!
    total: Int!
    term: String!
  }
  "An endpoint (operation) of a stored spec, naming its API."
  type SearchResource {
    id: ID!
    method: String!
    path: String!
    summary: String
    api: ApiProduct!
  }
  type ResourceSearchResult {
    nodes: [SearchResource!]!
    pageInfo: PageInfo!
    queryID: String!
    offset: Int!
    total: Int!
    term: String!
  }
  type TagDefinition {
    id: ID!
    name: String!
    color: String
    description: String
    status: String!
    type: String!
    values: [String!]!
    isVisible: Boolean!
    showTagName: Boolean!
  }
  extend type Query {
    searchApis(
      term: String
      collectionIds: [ID!]
      categoryNames: [String!]
      tags: [String!]
      pricingTypes: [String!]
      authTypes: [String!]
      "APIs rated at least this many stars (1 to 4); demo ratings count and are flagged by rating.isDemo."
      minRating: Int
      "Only APIs with endpoints (a current spec): the 'Has endpoints' facet."
      hasEndpoints: Boolean
      "Only APIs whose latest health probe found them up; ignored when the tenant's health-check switch is off."
      healthy: Boolean
      privateApisJwt: String
      first: Int
      after: String
      orderBy: SearchOrderBy
    ): ApiSearchResult!
    searchCollections(term: String, first: Int, after: String): CollectionSearchResult!
    searchResources(term: String, first: Int, after: String): ResourceSearchResult!
    getTagsList: [TagDefinition!]!
  }
  type Mutation {
    "Spec section 7 'Search' event (sent 500 ms after the term stops changing). Per client: a repeat of the term within the hour, or an event over the hourly budget, is dropped (the answer is still true)."
    trackSearchEvent(term: String!, total: Int!, queryID: String): Boolean!
    "Spec section 7 search-click event; position is 1-based."
    trackSearchClick(productId: ID!, searchIndex: String!, position: Int!, queryId: String!): Boolean!
  }
`;

// Terms of any length are accepted and cut by the search service (a 10 KB term searches its first 200 characters);
// the request body limit (GRAPHQL_LIMITS.maxBodyBytes) is the only bound, so no term is ever an error.
const term = z.string().nullish();
const idList = z.array(z.string().max(200)).max(100).nullish();
const pageArgs = { first: z.number().int().min(1).nullish(), after: z.string().max(64).nullish() };

const searchApisArgs = z.object({
  term,
  collectionIds: idList,
  categoryNames: idList,
  tags: idList,
  pricingTypes: idList,
  authTypes: idList,
  minRating: z.number().int().min(1, "minRating is 1 to 4").max(4, "minRating is 1 to 4").nullish(),
  hasEndpoints: z.boolean().nullish(),
  healthy: z.boolean().nullish(),
  privateApisJwt: z.string().max(10_000).nullish(),
  ...pageArgs,
  orderBy: z
    .object({
      sortingFields: z
        .array(
          z.object({
            fieldName: z.enum(["RELEVANCE", "POPULARITY", "RATING", "LATENCY", "UPDATED", "NAME"]),
            by: z.enum(["ASC", "DESC"]).nullish(),
          }),
        )
        .max(3),
    })
    .nullish(),
});

function parseArgs<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const result = schema.safeParse(args);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AppError(
      "BAD_REQUEST",
      `Invalid argument ${issue?.path.join(".") ?? ""}: ${issue?.message ?? ""}`.trim(),
    );
  }
  return result.data;
}

function pageFrom(args: { first?: number | null; after?: string | null }) {
  return { offset: decodeCursor(args.after), limit: args.first ?? DEFAULT_SEARCH_PAGE_SIZE };
}

/** Whether the query asks for `facets` (fragments count as yes): the typeahead skips the facet counts. */
function selectsFacets(info: GraphQLResolveInfo | undefined): boolean {
  if (!info) return true;
  const visit = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((s) => (s.kind === Kind.FIELD ? s.name.value === "facets" : true));
  return info.fieldNodes.some((node) => visit(node.selectionSet));
}

function hitNode(hit: ApiSearchHit) {
  return { ...apiNode(hit), matchedEndpoint: hit.matchedEndpoint };
}

function resourceNode(hit: ResourceHit) {
  return { id: hit.id, method: hit.method, path: hit.path, summary: hit.summary, api: apiNode(hit.api) };
}

export const searchResolvers = {
  Query: {
    searchApis: async (_: unknown, args: unknown, ctx: GraphQLContext, info?: GraphQLResolveInfo) => {
      const a = parseArgs(searchApisArgs, args);
      const sort: SortSpec[] | undefined = a.orderBy?.sortingFields.map((s) => ({
        field: s.fieldName,
        direction: s.by ?? DEFAULT_DIRECTION[s.fieldName],
      }));
      const result = await searchApis(
        ctx.db,
        ctx.tenant.id,
        {
          term: a.term,
          collectionIds: a.collectionIds,
          categoryNames: a.categoryNames,
          tags: a.tags,
          pricingTypes: a.pricingTypes,
          authTypes: a.authTypes,
          minRating: a.minRating,
          hasEndpoints: a.hasEndpoints,
          healthy: a.healthy === true && ctx.tenant.config.switches.apiHealthCheck,
          // The token counts only for the signed-in user it was issued to; anything else is as if absent.
          privateApiIds: await privateApiIdsForSearchToken(
            { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
            a.privateApisJwt,
          ),
          sort,
          facets: selectsFacets(info),
          ...pageFrom(a),
        },
        ctx.providers.search,
      );
      return {
        ...toConnection(result, hitNode),
        queryID: result.queryId,
        replicaIndex: result.replicaIndex,
        term: result.term,
        facets: result.facets,
      };
    },
    searchCollections: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = parseArgs(z.object({ term, ...pageArgs }), args);
      const result = await searchCollections(ctx.db, ctx.tenant.id, { term: a.term, ...pageFrom(a) });
      return { ...toConnection(result, (c) => c), term: result.term };
    },
    searchResources: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = parseArgs(z.object({ term, ...pageArgs }), args);
      const result = await searchResources(
        ctx.db,
        ctx.tenant.id,
        { term: a.term, ...pageFrom(a) },
        ctx.providers.search,
      );
      return { ...toConnection(result, resourceNode), queryID: result.queryId, term: result.term };
    },
    getTagsList: (_: unknown, _args: unknown, ctx: GraphQLContext) => listVisibleTags(ctx.db, ctx.tenant.id),
  },
  Mutation: {
    // Mutations need the csrf-token header (graphql-server.ts), events included.
    trackSearchEvent: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = parseArgs(
        z.object({ term: z.string().max(100_000), total: z.number().int(), queryID: z.string().max(100).nullish() }),
        args,
      );
      // True for any valid event, recorded or dropped (over the client's budget, a repeat): the sender learns nothing.
      await recordClientEvent(
        ctx.db,
        ctx.tenant.id,
        { type: SEARCH_EVENT, payload: { term: a.term, total: a.total, queryID: a.queryID ?? null } },
        { ip: ctx.clientIp, userId: ctx.viewer?.id ?? null },
      );
      return true;
    },
    trackSearchClick: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = parseArgs(
        z.object({
          productId: z.string().max(100),
          searchIndex: z.string().max(100),
          position: z.number().int(),
          queryId: z.string().max(100),
        }),
        args,
      );
      await recordClientEvent(
        ctx.db,
        ctx.tenant.id,
        {
          type: SEARCH_CLICK_EVENT,
          payload: { product_id: a.productId, search_index: a.searchIndex, position: a.position, query_id: a.queryId },
        },
        { ip: ctx.clientIp, userId: ctx.viewer?.id ?? null },
      );
      return true;
    },
  },
};
