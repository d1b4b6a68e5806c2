import { z } from "zod";
import {
  deleteRating,
  editRating,
  type RatingSummary,
  type Review,
  rateApi,
  replyToReview,
  voteReviewHelpful,
} from "../../core/ratings/ratings.service";
import { listReviews } from "../../core/ratings/reviews.service";
import type { GraphQLContext } from "./graphql-context";
import { argsOf, iso } from "./graphql-paging";

export const ratingsTypeDefs = /* GraphQL */ `
  "An API's rating: the real aggregate, or the demo catalog's generated numbers (isDemo), never a mix."
  type RatingSummary {
    average: Float!
    votes: Int!
    "Counts of 1 to 5 stars; null while the numbers are demo or nobody rated."
    distribution: [Int!]
    isDemo: Boolean!
  }
  type ReviewReply {
    "Markdown source."
    body: String!
    "Sanitized HTML."
    bodyHtml: String!
    authorUsername: String
    repliedAt: String!
  }
  type Review {
    id: ID!
    apiId: ID!
    stars: Int!
    title: String!
    "Markdown source."
    body: String!
    "Sanitized HTML of the body."
    bodyHtml: String!
    helpfulCount: Int!
    authorUsername: String!
    authorThumbnail: String
    reply: ReviewReply
    "The signed-in user found it helpful."
    votedHelpful: Boolean!
    isMine: Boolean!
    createdAt: String!
    updatedAt: String!
  }
  enum ReviewSort {
    NEWEST
    HELPFUL
    HIGHEST
    LOWEST
  }
  type ReviewPage {
    summary: RatingSummary!
    total: Int!
    nodes: [Review!]!
    "The signed-in user's own rating of the API."
    mine: Review
    canRate: Boolean!
    canReply: Boolean!
  }
  type ReviewHelpfulResult {
    reviewId: ID!
    helpfulCount: Int!
    votedHelpful: Boolean!
  }
  extend type Query {
    "An API's reviews (newest, most helpful, highest or lowest first) with its rating summary."
    apiReviews(apiId: ID!, sort: ReviewSort, first: Int, offset: Int): ReviewPage!
  }
  extend type Mutation {
    "Rates an API 1 to 5 with an optional review; one rating per user and API; not your own API."
    rateApi(apiId: ID!, stars: Int!, title: String, body: String): RatingSummary!
    "Changes your rating and review of the API."
    editApiRating(apiId: ID!, stars: Int!, title: String, body: String): RatingSummary!
    "Deletes your rating and review of the API."
    deleteApiRating(apiId: ID!): RatingSummary!
    "The API provider's one reply to a review."
    replyToReview(reviewId: ID!, body: String!): Review!
    "Was this review helpful: true adds your vote, false takes it back."
    voteReviewHelpful(reviewId: ID!, helpful: Boolean!): ReviewHelpfulResult!
  }
`;

function reviewNode(r: Review) {
  return {
    id: r.id,
    apiId: r.apiId,
    stars: r.stars,
    title: r.title,
    body: r.body,
    bodyHtml: r.bodyHtml,
    helpfulCount: r.helpfulCount,
    authorUsername: r.author.username,
    authorThumbnail: r.author.thumbnail,
    reply: r.reply ? { ...r.reply, repliedAt: iso(r.reply.repliedAt) } : null,
    votedHelpful: r.votedHelpful,
    isMine: r.isMine,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

const summaryNode = (s: RatingSummary) => s;

const reviewsArgs = z.object({
  apiId: z.string().min(1).max(64),
  sort: z.enum(["NEWEST", "HELPFUL", "HIGHEST", "LOWEST"]).nullish(),
  first: z.number().int().nullish(),
  offset: z.number().int().nullish(),
});

const ratingArgs = z.object({
  apiId: z.string().min(1).max(64),
  stars: z.number().int(),
  title: z.string().nullish(),
  body: z.string().nullish(),
});

export const ratingsResolvers = {
  Query: {
    apiReviews: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(reviewsArgs, args);
      const page = await listReviews({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.apiId, {
        sort: a.sort?.toLowerCase() ?? null,
        offset: a.offset ?? null,
        limit: a.first ?? null,
      });
      return {
        summary: summaryNode(page.summary),
        total: page.total,
        nodes: page.items.map(reviewNode),
        mine: page.mine ? reviewNode(page.mine) : null,
        canRate: page.canRate,
        canReply: page.canReply,
      };
    },
  },
  Mutation: {
    rateApi: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const { apiId, ...input } = argsOf(ratingArgs, args);
      return rateApi({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, apiId, input);
    },
    editApiRating: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const { apiId, ...input } = argsOf(ratingArgs, args);
      return editRating({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, apiId, input);
    },
    deleteApiRating: (_: unknown, args: { apiId: string }, ctx: GraphQLContext) =>
      deleteRating({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args.apiId),
    replyToReview: async (_: unknown, args: { reviewId: string; body: string }, ctx: GraphQLContext) =>
      reviewNode(
        await replyToReview({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args.reviewId, {
          body: args.body,
        }),
      ),
    voteReviewHelpful: async (_: unknown, args: { reviewId: string; helpful: boolean }, ctx: GraphQLContext) => {
      const r = await voteReviewHelpful(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        args.reviewId,
        args.helpful,
      );
      return { reviewId: r.ratingId, helpfulCount: r.helpfulCount, votedHelpful: r.votedHelpful };
    },
  },
};
