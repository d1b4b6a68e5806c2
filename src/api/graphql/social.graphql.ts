import {
  followApi,
  followUser,
  getUserSavedApis,
  saveUserApi,
  unfollowApi,
  unfollowUser,
} from "../../core/social/social.service";
import { apiNode } from "./catalog.graphql";
import type { GraphQLContext } from "./graphql-context";

export const socialTypeDefs = /* GraphQL */ `
  "Spec section 3 Saved API: apiId and status (entries without a status are not kept)."
  type SavedApi {
    apiId: ID!
    status: Int!
    api: ApiProduct!
  }
  type SaveUserApiResult {
    apiId: ID!
    status: Int!
  }
  type UnfollowApiResult {
    apiId: ID!
    following: Boolean!
  }
  type FollowUserResult {
    userId: ID!
    following: Boolean!
  }
  extend type Query {
    "Spec section 7: the signed-in user's saved APIs, newest first."
    getUserSavedApis: [SavedApi!]!
  }
  extend type Mutation {
    "Spec section 7: apiId or productId; status > 0 saves, 0 removes (default 1)."
    saveUserApi(apiId: ID, productId: ID, status: Int): SaveUserApiResult!
    "Spec section 7: apiId or id; userId, when given, must be the signed-in user."
    followApi(apiId: ID, id: ID, userId: ID): FollowApiEntry!
    unfollowApi(apiId: ID, id: ID, userId: ID): UnfollowApiResult!
    followUser(userId: ID, username: String): FollowUserResult!
    unfollowUser(userId: ID, username: String): FollowUserResult!
  }
`;

export const socialResolvers = {
  Query: {
    getUserSavedApis: async (_: unknown, _args: unknown, ctx: GraphQLContext) =>
      (await getUserSavedApis({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer })).map((s) => ({
        ...s,
        api: apiNode(s.api),
      })),
  },
  Mutation: {
    saveUserApi: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      saveUserApi({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args),
    followApi: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const entry = await followApi({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args);
      return { ...entry, api: entry.apiId };
    },
    unfollowApi: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      unfollowApi({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args),
    followUser: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      followUser({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args),
    unfollowUser: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      unfollowUser({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args),
  },
};
