import { z } from "zod";
import type { AccessTree } from "../../core/access/access.policy";
import { getAccessTree, getActiveUserContext } from "../../core/access/access.service";
import {
  type ApiInvitation,
  canEditApi,
  getPrivateApisJwt,
  inviteToApi,
  listApiInvitations,
  revokeApiInvitation,
  setApiVisibility,
} from "../../core/access/private-apis.service";
import { toUseCaseContext } from "../../core/use-case-context";
import type { GraphQLContext } from "./graphql-context";
import { argsOf, iso } from "./graphql-paging";

export const accessTypeDefs = /* GraphQL */ `
  "Spec section 3 Context entry (type User, Organization or Team)."
  type ContextEntry {
    type: String!
    id: ID!
    organization: ID
    name: String!
    parentName: String
    thumbnail: String
    slugifiedName: String!
    children: [ContextEntry!]!
    entityId: ID!
    appId: ID
  }
  "One entry of the context tree (spec section 3: a map keyed by organization id)."
  type ContextTreeItem {
    organizationId: ID!
    entry: ContextEntry!
  }
  type ActiveUserContext {
    "The selected context: the requested one if still the user's, else their own User context."
    context: ContextEntry!
    "Send as POST /access-control { method: 'getAccessTree', contextToken }."
    contextToken: String!
    "Personal context, then each organization followed by its teams."
    contexts: [ContextEntry!]!
    contextTree: [ContextTreeItem!]!
    "The context tree as a JSON object keyed by organization id (spec section 3 shape)."
    contextTreeJson: String!
  }
  type TeamAccess {
    teamId: ID!
    permissions: [String!]!
  }
  type OrganizationAccess {
    organizationId: ID!
    role: String!
    permissions: [String!]!
    teams: [TeamAccess!]!
  }
  "What the top bar shows (spec section 6)."
  type MenuFlags {
    createOrganization: Boolean!
    manageOrganizations: Boolean!
    joinOrganization: Boolean!
    myOrgs: Boolean!
    myApis: Boolean!
    admin: Boolean!
    personalContext: Boolean!
  }
  type AccessTree {
    userId: ID!
    context: ContextEntry!
    permissions: [String!]!
    userPermissions: [String!]!
    organizations: [OrganizationAccess!]!
    canJoinOrganization: Boolean!
    menu: MenuFlags!
  }
  "Spec section 7 getPrivateApisJwt: pass token as privateApisJwt to searchApis."
  type PrivateApisJwt {
    token: String!
    expiresAt: String!
    apiIds: [ID!]!
  }
  type ApiInvitation {
    id: ID!
    apiId: ID!
    "USER, TEAM or ORGANIZATION"
    principalType: String!
    principalId: ID!
    principalName: String!
    createdAt: String!
  }
  type ApiVisibilityResult {
    apiId: ID!
    visibility: String!
  }
  extend type Query {
    "Spec section 7: contexts, context tree and a context token for the selected context (contextId or entityId)."
    getActiveUserContext(contextId: ID, entityId: ID): ActiveUserContext!
    "Same tree as POST /access-control."
    accessTree(contextToken: String, contextId: ID): AccessTree!
    getPrivateApisJwt: PrivateApisJwt!
    "Spec section 6 product edit rule; false when signed out."
    canEditApi(apiId: ID!): Boolean!
    apiInvitations(apiId: ID!): [ApiInvitation!]!
  }
  extend type Mutation {
    "PUBLIC or PRIVATE; the API's editors only."
    setApiVisibility(apiId: ID!, visibility: String!): ApiVisibilityResult!
    "Invite a USER (principalId or username), TEAM or ORGANIZATION (principalId) to a private API."
    inviteToApi(apiId: ID!, principalType: String!, principalId: ID, username: String): ApiInvitation!
    revokeApiInvitation(invitationId: ID!): Boolean!
  }
`;

const id = z.string().min(1).max(100);

function accessTreeNode(tree: AccessTree) {
  return {
    ...tree,
    userPermissions: tree.user.permissions,
    organizations: Object.entries(tree.organizations).map(([organizationId, org]) => ({
      organizationId,
      role: org.role,
      permissions: org.permissions,
      teams: Object.entries(org.teams).map(([teamId, team]) => ({ teamId, permissions: team.permissions })),
    })),
  };
}

function invitationNode(invitation: ApiInvitation) {
  return { ...invitation, createdAt: iso(invitation.createdAt) };
}

export const accessResolvers = {
  Query: {
    getActiveUserContext: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ contextId: id.nullish(), entityId: id.nullish() }), args);
      const result = await getActiveUserContext(toUseCaseContext(ctx), {
        id: a.contextId,
        entityId: a.entityId,
      });
      return {
        ...result,
        contextTree: Object.entries(result.contextTree).map(([organizationId, entry]) => ({ organizationId, entry })),
        contextTreeJson: JSON.stringify(result.contextTree),
      };
    },
    accessTree: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ contextToken: z.string().max(16_384).nullish(), contextId: id.nullish() }), args);
      return accessTreeNode(await getAccessTree(toUseCaseContext(ctx), a));
    },
    getPrivateApisJwt: async (_: unknown, _args: unknown, ctx: GraphQLContext) => {
      const result = await getPrivateApisJwt({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer });
      return { ...result, expiresAt: iso(result.expiresAt) };
    },
    canEditApi: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      canEditApi(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        argsOf(z.object({ apiId: id }), args).apiId,
      ),
    apiInvitations: async (_: unknown, args: unknown, ctx: GraphQLContext) =>
      (
        await listApiInvitations(
          { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
          argsOf(z.object({ apiId: id }), args).apiId,
        )
      ).map(invitationNode),
  },
  Mutation: {
    setApiVisibility: (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ apiId: id, visibility: z.string() }), args);
      return setApiVisibility({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.apiId, a.visibility);
    },
    inviteToApi: async (_: unknown, args: unknown, ctx: GraphQLContext) =>
      invitationNode(await inviteToApi({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args)),
    revokeApiInvitation: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      await revokeApiInvitation(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        argsOf(z.object({ invitationId: id }), args).invitationId,
      );
      return true;
    },
  },
};
