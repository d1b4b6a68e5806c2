import { z } from "zod";
import { listApiEndpoints } from "../../core/catalog/api-endpoints.service";
import {
  getApiDetail,
  getCategoryPage,
  getCollectionPage,
  listApis,
  listCategories,
  listCollections,
} from "../../core/catalog/catalog.service";
import type { ApiCard, ApiDetail, EndpointSummary, Paged } from "../../core/catalog/catalog.types";
import { AppError } from "../../core/errors/app-error";
import { decodeCursor, encodeCursor } from "./cursor";
import type { GraphQLContext } from "./graphql-context";

export const catalogTypeDefs = /* GraphQL */ `
  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }
  type Category {
    id: ID!
    slug: String!
    name: String!
    description: String
    apiCount: Int!
  }
  type Collection {
    id: ID!
    slug: String!
    name: String!
    description: String
    thumbnail: String
    apiCount: Int!
  }
  type ApiOwner {
    username: String!
    name: String
  }
  type Rating {
    average: Float!
    votes: Int!
    "True while the numbers are the demo catalog's generated ones (no real rating yet)."
    isDemo: Boolean!
  }
  type ApiMetrics {
    healthCheck: Float
    popularity: Float!
    latency: Int
    serviceLevel: Float
    isDemoData: Boolean!
  }
  type ApiResource {
    title: String!
    url: String!
  }
  type ApiVersionInfo {
    id: ID!
    version: String!
    sourceFormat: String!
    endpointsCount: Int!
  }
  type ApiProduct {
    id: ID!
    name: String!
    slugifiedName: String!
    thumbnail: String
    visibility: String!
    user: ApiOwner!
    creator: String
    description: String!
    category: Category
    updatedAt: String!
    followersCount: Int!
    rating: Rating!
    "FREE, FREEMIUM or PAID, derived from the API's public plans (docs/decisions/048-pricing-type-from-plans.md)."
    pricingType: String!
    website: String
    termsOfUse: String
    readme: String
    features: [String!]!
    resources: [ApiResource!]!
    authType: String
    "Null when the tenant hides API scores; healthCheck null when its health check switch is off."
    metrics: ApiMetrics
    version: ApiVersionInfo
  }
  type ApiProductConnection {
    nodes: [ApiProduct!]!
    pageInfo: PageInfo!
    offset: Int!
    total: Int!
  }
  type EndpointParameter {
    name: String!
    in: String!
    required: Boolean!
    description: String
  }
  type Endpoint {
    id: ID!
    method: String!
    path: String!
    operationId: String
    summary: String
    description: String
    tags: [String!]!
    parameters: [EndpointParameter!]!
  }
  type EndpointConnection {
    nodes: [Endpoint!]!
    pageInfo: PageInfo!
    offset: Int!
    total: Int!
  }
  type CategoryPage {
    category: Category!
    apis: ApiProductConnection!
  }
  type CollectionPage {
    collection: Collection!
    apis: ApiProductConnection!
  }
  type Query {
    categories: [Category!]!
    category(slug: String!, first: Int, after: String): CategoryPage
    collections: [Collection!]!
    collection(slug: String!, first: Int, after: String): CollectionPage
    apis(first: Int, after: String, categorySlug: String, collectionSlug: String): ApiProductConnection!
    api(username: String!, slug: String!): ApiProduct
    "Filtered by text (method, path, summary) and/or by one tag."
    apiEndpoints(apiId: ID!, first: Int, after: String, query: String, tag: String): EndpointConnection!
  }
`;

export const MAX_PAGE_SIZE = 100;
const pageArgs = {
  first: z.number().int().min(1).nullish(),
  after: z.string().max(64).nullish(),
};

function pageFrom(args: { first?: number | null; after?: string | null }, fallback = 20) {
  return { offset: decodeCursor(args.after), limit: Math.min(args.first ?? fallback, MAX_PAGE_SIZE) };
}

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

/** Connection shape shared by every paged list: nodes, pageInfo with base64-offset cursors, offset, total. */
export function toConnection<T, N>(page: Paged<T>, map: (item: T) => N) {
  const end = page.offset + page.items.length;
  return {
    nodes: page.items.map(map),
    pageInfo: {
      hasNextPage: end < page.total,
      hasPreviousPage: page.offset > 0,
      startCursor: page.items.length > 0 ? encodeCursor(page.offset) : null,
      endCursor: page.items.length > 0 ? encodeCursor(end) : null,
    },
    offset: page.offset,
    total: page.total,
  };
}

export function apiNode(api: ApiCard | ApiDetail) {
  const detail = "readme" in api ? api : null;
  return {
    id: api.id,
    name: api.name,
    slugifiedName: api.slug,
    thumbnail: api.thumbnail,
    visibility: api.visibility,
    user: { username: api.ownerUsername, name: detail?.ownerName ?? null },
    creator: detail?.providerName ?? null,
    description: api.shortDescription,
    category: api.categorySlug
      ? {
          id: api.categorySlug,
          slug: api.categorySlug,
          name: api.categoryName ?? api.categorySlug,
          description: null,
          apiCount: 0,
        }
      : null,
    updatedAt: new Date(api.updatedAt).toISOString(),
    followersCount: api.followersCount,
    rating: { average: api.rating, votes: api.ratingVotes, isDemo: api.ratingIsDemo },
    pricingType: api.pricingType,
    website: detail?.website ?? null,
    termsOfUse: detail?.termsOfUse ?? null,
    readme: detail?.readme ?? null,
    features: detail?.features ?? [],
    resources: detail?.resources ?? [],
    authType: detail?.authType ?? null,
    metrics: {
      healthCheck: detail?.healthCheck ?? null,
      popularity: api.popularity,
      latency: api.latencyMs,
      serviceLevel: api.serviceLevel,
      isDemoData: api.isDemoData,
    },
    version: detail?.currentVersion ?? null,
  };
}

function endpointNode(endpoint: EndpointSummary) {
  return { ...endpoint, parameters: endpoint.parameters.map(({ schema: _schema, ...p }) => p) };
}

export const catalogResolvers = {
  Query: {
    categories: (_: unknown, _args: unknown, ctx: GraphQLContext) => listCategories(ctx.db, ctx.tenant.id),
    category: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = parseArgs(z.object({ slug: z.string().max(200), ...pageArgs }), args);
      const result = await getCategoryPage(ctx.db, ctx.tenant.id, a.slug, pageFrom(a), ctx.viewer);
      return result && { category: result.category, apis: toConnection(result.apis, apiNode) };
    },
    collections: (_: unknown, _args: unknown, ctx: GraphQLContext) => listCollections(ctx.db, ctx.tenant.id),
    collection: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = parseArgs(z.object({ slug: z.string().max(200), ...pageArgs }), args);
      const result = await getCollectionPage(ctx.db, ctx.tenant.id, a.slug, pageFrom(a), ctx.viewer);
      return result && { collection: result.collection, apis: toConnection(result.apis, apiNode) };
    },
    apis: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = parseArgs(
        z.object({
          ...pageArgs,
          categorySlug: z.string().max(200).nullish(),
          collectionSlug: z.string().max(200).nullish(),
        }),
        args,
      );
      const page = await listApis(
        ctx.db,
        ctx.tenant.id,
        {
          ...pageFrom(a),
          categorySlug: a.categorySlug ?? undefined,
          collectionSlug: a.collectionSlug ?? undefined,
        },
        ctx.viewer,
      );
      return toConnection(page, apiNode);
    },
    api: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = parseArgs(z.object({ username: z.string().max(200), slug: z.string().max(200) }), args);
      // Private APIs the viewer was given (invited, owner, tenant admin) resolve; for everyone else they do not exist.
      const api = await getApiDetail(ctx.db, ctx.tenant.id, a.username, a.slug, ctx.viewer);
      return api && apiNode(api);
    },
    apiEndpoints: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = parseArgs(
        z.object({
          apiId: z.string().max(100),
          query: z.string().max(200).nullish(),
          tag: z.string().max(200).nullish(),
          ...pageArgs,
        }),
        args,
      );
      const page = await listApiEndpoints(
        ctx.db,
        ctx.tenant.id,
        a.apiId,
        { ...pageFrom(a, 50), query: a.query ?? undefined, tag: a.tag ?? undefined },
        ctx.viewer,
      );
      return toConnection(page, endpointNode);
    },
  },
  // The About tab's rule (spec section 3 switches) holds for every API node, whichever query returned it.
  ApiProduct: {
    metrics: (parent: { metrics: ReturnType<typeof apiNode>["metrics"] }, _: unknown, ctx: GraphQLContext) => {
      const { switches } = ctx.tenant.config;
      if (switches.hideApiScores) return null;
      return switches.apiHealthCheck ? parent.metrics : { ...parent.metrics, healthCheck: null };
    },
  },
};
