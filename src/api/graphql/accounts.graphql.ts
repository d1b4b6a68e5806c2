import { z } from "zod";
import { userPermissions } from "../../core/access/access.policy";
import { changePassword, signIn, updateProfile } from "../../core/accounts/accounts.service";
import type { UserProfile, Viewer } from "../../core/accounts/accounts.types";
import { resendVerification, verifyEmail } from "../../core/accounts/email-verification.service";
import { requestPasswordReset, resetPassword } from "../../core/accounts/password-reset.service";
import { signUp } from "../../core/accounts/sign-up.service";
import { listUserDiscussions, USER_DISCUSSION_FILTERS } from "../../core/content/user-discussions.service";
import { getCorporateDomain } from "../../core/orgs/corporate-domains.service";
import { listMyOrganizations } from "../../core/orgs/orgs.service";
import {
  getUserProfile,
  listFollowedApis,
  listFollowsApi,
  listFollowUsers,
  listPublishedApis,
} from "../../core/social/social.service";
import { toUseCaseContext } from "../../core/use-case-context";
import { apiNode, toConnection } from "./catalog.graphql";
import type { GraphQLContext } from "./graphql-context";
import { argsOf, iso, pageArgsSchema, pageOf } from "./graphql-paging";

export const accountsTypeDefs = /* GraphQL */ `
  "Spec section 3 User.corporateDomain: Join Organization is hidden when ignore is true."
  type CorporateDomain {
    domain: String!
    ignore: Boolean!
  }
  "Spec section 3 User.followsApiList entry."
  type FollowApiEntry {
    id: ID!
    follower: ID!
    api: ID!
    apiId: ID!
    status: String!
  }
  "The signed-in user (spec section 7 activeUser)."
  type ActiveUser {
    id: ID!
    username: String!
    name: String!
    email: String
    thumbnail: String
    mashapeId: ID!
    entity: ID!
    isAdmin: Boolean!
    "The e-mail address is confirmed; joining an organization by its domain waits for it (decision 022)."
    emailVerified: Boolean!
    followsApiList: [FollowApiEntry!]!
    corporateDomain: CorporateDomain
    organizations: [UserOrganization!]!
    "Per-user permissions of spec section 6 (CREATE_ORGANIZATION, PERSONAL_CONTEXT, ...)."
    permissions: [String!]!
  }
  type ProfileCounts {
    publishedApis: Int!
    followingApis: Int!
    followers: Int!
    following: Int!
  }
  "Spec section 2 profile page: /user/{username}."
  type UserProfile {
    id: ID!
    username: String!
    name: String!
    thumbnail: String
    position: String
    company: String
    location: String
    bio: String
    "Only for the profile's owner."
    email: String
    joinedAt: String!
    counts: ProfileCounts!
    isViewer: Boolean!
    viewerFollows: Boolean!
  }
  type UserCard {
    id: ID!
    username: String!
    name: String!
    thumbnail: String
  }
  type UserCardConnection {
    nodes: [UserCard!]!
    pageInfo: PageInfo!
    offset: Int!
    total: Int!
  }
  "One row of the profile's discussions table: a question the user asked or an answer they wrote."
  type UserDiscussionEntry {
    id: ID!
    discussionId: ID!
    title: String!
    "question or answer"
    type: String!
    createdAt: String!
    apiName: String!
    apiSlug: String!
    apiOwnerUsername: String!
  }
  type UserDiscussionConnection {
    nodes: [UserDiscussionEntry!]!
    pageInfo: PageInfo!
    offset: Int!
    total: Int!
  }
  type AuthPayload {
    user: ActiveUser!
    "The CSRF token bound to the new session; use it for the next mutations."
    csrfToken: String!
  }
  type MessagePayload {
    message: String!
  }
  input ProfileInput {
    name: String
    position: String
    company: String
    location: String
    bio: String
    thumbnail: String
  }
  extend type Query {
    "The signed-in user, or null when signed out."
    activeUser: ActiveUser
    userProfile(username: String!): UserProfile
    userPublishedApis(username: String!, first: Int, after: String): ApiProductConnection!
    userFollowedApis(username: String!, first: Int, after: String): ApiProductConnection!
    userFollowers(username: String!, first: Int, after: String): UserCardConnection!
    userFollowing(username: String!, first: Int, after: String): UserCardConnection!
    "The profile's discussions, newest first; filter all (default), questions or answers."
    userDiscussions(username: String!, filter: String, first: Int, after: String): UserDiscussionConnection!
  }
  extend type Mutation {
    """
    Starts a sign-up: always answers "Check your inbox to confirm your address." (whether or not the e-mail has an
    account) and signs nobody in; the mailed link (verifyEmail) confirms the address and opens the session.
    """
    signUp(email: String!, username: String!, password: String!): MessagePayload!
    "Redeems a confirmation link's token once: confirms the address and signs in."
    verifyEmail(token: String!): AuthPayload!
    "Mails the signed-in user a new confirmation link (a few an hour)."
    resendEmailVerification: MessagePayload!
    signIn(email: String!, password: String!): AuthPayload!
    signOut: Boolean!
    "Only the owner edits a profile; userId defaults to the signed-in user."
    updateProfile(input: ProfileInput!, userId: ID): UserProfile!
    changePassword(currentPassword: String!, newPassword: String!): Boolean!
    "Always the same answer, whether or not the e-mail has an account."
    requestPasswordReset(email: String!): MessagePayload!
    resetPassword(token: String!, password: String!): AuthPayload!
  }
`;

const usernameArgs = z.object({ username: z.string().min(1).max(100), ...pageArgsSchema });

function profileNode(profile: UserProfile) {
  return { ...profile, joinedAt: iso(profile.joinedAt) };
}

async function profileOf(ctx: GraphQLContext, username: string) {
  const profile = await getUserProfile({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, username);
  return profile && profileNode(profile);
}

async function startSession(ctx: GraphQLContext, viewer: Viewer) {
  const { csrfToken, viewer: signedIn } = await ctx.session.start(viewer.id);
  return { user: signedIn, csrfToken };
}

export const accountsResolvers = {
  ActiveUser: {
    mashapeId: (v: Viewer) => v.id,
    entity: (v: Viewer) => v.id,
    followsApiList: async (v: Viewer, _: unknown, ctx: GraphQLContext) =>
      (await listFollowsApi({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v })).map((e) => ({ ...e, api: e.apiId })),
    corporateDomain: (v: Viewer, _: unknown, ctx: GraphQLContext) => getCorporateDomain(ctx.db, ctx.tenant.id, v.id),
    organizations: async (v: Viewer, _: unknown, ctx: GraphQLContext) =>
      (await listMyOrganizations({ db: ctx.db, tenantId: ctx.tenant.id, viewer: v })).map((o) => ({
        ...o,
        createdAt: iso(o.createdAt),
      })),
    permissions: (v: Viewer) => userPermissions(v),
  },
  Query: {
    activeUser: (_: unknown, _args: unknown, ctx: GraphQLContext) => ctx.viewer,
    userProfile: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      profileOf(ctx, argsOf(z.object({ username: z.string().min(1).max(100) }), args).username),
    userPublishedApis: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(usernameArgs, args);
      return toConnection(
        await listPublishedApis({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.username, pageOf(a)),
        apiNode,
      );
    },
    userFollowedApis: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(usernameArgs, args);
      return toConnection(
        await listFollowedApis({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.username, pageOf(a)),
        apiNode,
      );
    },
    userFollowers: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(usernameArgs, args);
      return toConnection(await listFollowUsers(ctx.db, ctx.tenant.id, a.username, "followers", pageOf(a)), (u) => u);
    },
    userDiscussions: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(usernameArgs.extend({ filter: z.enum(USER_DISCUSSION_FILTERS).nullish() }), args);
      const page = pageOf(a);
      const found = await listUserDiscussions({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.username, {
        filter: a.filter ?? "all",
        ...page,
      });
      return toConnection({ ...found, ...page }, (d) => ({
        id: d.id,
        discussionId: d.discussionId,
        title: d.title,
        type: d.type,
        createdAt: iso(d.createdAt),
        apiName: d.api.name,
        apiSlug: d.api.slug,
        apiOwnerUsername: d.api.ownerUsername,
      }));
    },
    userFollowing: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(usernameArgs, args);
      return toConnection(await listFollowUsers(ctx.db, ctx.tenant.id, a.username, "following", pageOf(a)), (u) => u);
    },
  },
  Mutation: {
    signUp: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      signUp(ctx.db, ctx.tenant, args, {
        ip: ctx.clientIp,
        maxPerIpPerHour: ctx.signUpsPerIpPerHour,
        publicUrl: ctx.publicUrl,
      }),
    verifyEmail: async (_: unknown, args: unknown, ctx: GraphQLContext) =>
      startSession(ctx, await verifyEmail(ctx.db, ctx.tenant.id, args)),
    resendEmailVerification: (_: unknown, _args: unknown, ctx: GraphQLContext) =>
      resendVerification(ctx.db, ctx.tenant, ctx.viewer, { publicUrl: ctx.publicUrl }),
    signIn: async (_: unknown, args: unknown, ctx: GraphQLContext) =>
      startSession(ctx, await signIn(ctx.db, ctx.tenant.id, args, { ip: ctx.clientIp })),
    signOut: async (_: unknown, _args: unknown, ctx: GraphQLContext) => {
      await ctx.session.end();
      return true;
    },
    updateProfile: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(
        z.object({ input: z.record(z.string(), z.unknown()), userId: z.string().max(100).nullish() }),
        args,
      );
      const userId = a.userId ?? ctx.viewer?.id ?? "";
      const row = await updateProfile(toUseCaseContext(ctx), userId, a.input);
      return profileOf(ctx, row.username);
    },
    changePassword: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      await changePassword(toUseCaseContext(ctx), args);
      return true;
    },
    requestPasswordReset: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      requestPasswordReset(ctx.db, ctx.tenant, args, { publicUrl: ctx.publicUrl }),
    resetPassword: async (_: unknown, args: unknown, ctx: GraphQLContext) =>
      startSession(ctx, await resetPassword(ctx.db, ctx.tenant.id, args)),
  },
};
