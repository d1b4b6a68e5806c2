import { z } from "zod";
import { setCorporateDomainIgnore } from "../../core/orgs/corporate-domains.service";
import {
  addOrganizationMember,
  createOrganization,
  deleteOrganization,
  getOrganization,
  getOrganizationHomepage,
  joinOrganization,
  leaveOrganization,
  listJoinableOrganizations,
  listMyOrganizations,
  type OrganizationDetail,
  type OrganizationSummary,
  removeOrganizationMember,
  setOrganizationMemberRole,
  updateOrganization,
} from "../../core/orgs/orgs.service";
import { addTeamDevelopers, createTeam, deleteTeam, removeTeamDevelopers } from "../../core/orgs/teams.service";
import { toUseCaseContext } from "../../core/use-case-context";
import type { GraphQLContext } from "./graphql-context";
import { argsOf, iso } from "./graphql-paging";

export const orgsTypeDefs = /* GraphQL */ `
  type Organization {
    id: ID!
    name: String!
    slugifiedName: String!
    thumbnail: String
    description: String
    createdAt: String!
  }
  type UserOrganizationTeam {
    id: ID!
    name: String!
    slugifiedName: String!
  }
  "Spec section 3 User.organizations entry, with the user's role."
  type UserOrganization {
    id: ID!
    name: String!
    slugifiedName: String!
    thumbnail: String
    description: String
    createdAt: String!
    role: String!
    teams: [UserOrganizationTeam!]!
  }
  type OrganizationMember {
    userId: ID!
    username: String!
    name: String!
    thumbnail: String
    "member or admin"
    role: String!
    joinedAt: String!
  }
  type TeamDeveloper {
    id: ID!
    username: String!
    name: String!
    thumbnail: String
  }
  type Team {
    id: ID!
    organizationId: ID!
    name: String!
    slugifiedName: String!
    developers: [TeamDeveloper!]!
  }
  "What /org shows to members and admins."
  type OrganizationDetail {
    id: ID!
    name: String!
    slugifiedName: String!
    thumbnail: String
    description: String
    createdAt: String!
    viewerRole: String
    members: [OrganizationMember!]!
    teams: [Team!]!
    corporateDomains: [String!]!
  }
  "Public facts for /orghomepage/{slug}."
  type OrganizationHomepage {
    id: ID!
    name: String!
    slugifiedName: String!
    thumbnail: String
    description: String
    createdAt: String!
    membersCount: Int!
    teamsCount: Int!
  }
  type CorporateDomainSetting {
    domain: String!
    ignore: Boolean!
    organizationId: ID
  }
  input OrganizationInput {
    name: String
    "Defaults to the slugified name."
    slug: String
    description: String
    thumbnail: String
    "A domain of your own e-mail address; its users may join (unless the domain is ignored)."
    corporateDomain: String
  }
  extend type Query {
    myOrganizations: [UserOrganization!]!
    "Members, admins and tenant admins; others get NOT_FOUND."
    organization(id: ID!): OrganizationDetail
    organizationHomepage(slug: String!): OrganizationHomepage
    "Organizations claiming the signed-in user's corporate domain (empty when the domain is ignored)."
    joinableOrganizations: [Organization!]!
  }
  extend type Mutation {
    createOrganization(input: OrganizationInput!): Organization!
    updateOrganization(id: ID!, input: OrganizationInput!): Organization!
    deleteOrganization(id: ID!): Boolean!
    joinOrganization(organizationId: ID!): Organization!
    leaveOrganization(organizationId: ID!): Boolean!
    addOrganizationMember(organizationId: ID!, username: String!, role: String): [OrganizationMember!]!
    removeOrganizationMember(organizationId: ID!, userId: ID!): Boolean!
    setOrganizationMemberRole(organizationId: ID!, userId: ID!, role: String!): [OrganizationMember!]!
    createTeam(organizationId: ID!, name: String!): Team!
    deleteTeam(teamId: ID!): Boolean!
    addTeamDevelopers(teamId: ID!, usernames: [String!]!): Team!
    removeTeamDevelopers(teamId: ID!, usernames: [String!]!): Team!
    "Tenant admins only."
    setCorporateDomainIgnore(domain: String!, ignore: Boolean!): CorporateDomainSetting!
  }
`;

const id = z.string().min(1).max(100);

function orgNode<T extends OrganizationSummary>(org: T) {
  return { ...org, createdAt: iso(org.createdAt) };
}

function memberNodes(members: OrganizationDetail["members"]) {
  return members.map((m) => ({ ...m, joinedAt: iso(m.joinedAt) }));
}

export const orgsResolvers = {
  Query: {
    myOrganizations: async (_: unknown, _args: unknown, ctx: GraphQLContext) =>
      (await listMyOrganizations(toUseCaseContext(ctx))).map(orgNode),
    organization: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ id }), args);
      const org = await getOrganization(toUseCaseContext(ctx), a.id);
      return { ...orgNode(org), members: memberNodes(org.members) };
    },
    organizationHomepage: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ slug: z.string().min(1).max(100) }), args);
      const page = await getOrganizationHomepage(ctx.db, ctx.tenant.id, a.slug);
      return page && orgNode(page);
    },
    joinableOrganizations: async (_: unknown, _args: unknown, ctx: GraphQLContext) =>
      (await listJoinableOrganizations(toUseCaseContext(ctx))).map(orgNode),
  },
  Mutation: {
    createOrganization: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ input: z.record(z.string(), z.unknown()) }), args);
      return orgNode(await createOrganization({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.input));
    },
    updateOrganization: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ id, input: z.record(z.string(), z.unknown()) }), args);
      return orgNode(await updateOrganization(toUseCaseContext(ctx), a.id, a.input));
    },
    deleteOrganization: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      await deleteOrganization(toUseCaseContext(ctx), argsOf(z.object({ id }), args).id);
      return true;
    },
    joinOrganization: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ organizationId: id }), args);
      return orgNode(await joinOrganization(toUseCaseContext(ctx), a.organizationId));
    },
    leaveOrganization: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      await leaveOrganization(toUseCaseContext(ctx), argsOf(z.object({ organizationId: id }), args).organizationId);
      return true;
    },
    addOrganizationMember: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ organizationId: id, username: z.string(), role: z.string().nullish() }), args);
      return memberNodes(
        await addOrganizationMember({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.organizationId, {
          username: a.username,
          role: a.role,
        }),
      );
    },
    removeOrganizationMember: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ organizationId: id, userId: id }), args);
      await removeOrganizationMember(toUseCaseContext(ctx), a.organizationId, a.userId);
      return true;
    },
    setOrganizationMemberRole: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ organizationId: id, userId: id, role: z.string() }), args);
      return memberNodes(await setOrganizationMemberRole(toUseCaseContext(ctx), a.organizationId, a.userId, a.role));
    },
    createTeam: (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ organizationId: id, name: z.string() }), args);
      return createTeam({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.organizationId, a.name);
    },
    deleteTeam: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      await deleteTeam(toUseCaseContext(ctx), argsOf(z.object({ teamId: id }), args).teamId);
      return true;
    },
    addTeamDevelopers: (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ teamId: id, usernames: z.array(z.string()) }), args);
      return addTeamDevelopers({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.teamId, a.usernames);
    },
    removeTeamDevelopers: (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ teamId: id, usernames: z.array(z.string()) }), args);
      return removeTeamDevelopers(toUseCaseContext(ctx), a.teamId, a.usernames);
    },
    setCorporateDomainIgnore: (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ domain: z.string(), ignore: z.boolean() }), args);
      return setCorporateDomainIgnore(toUseCaseContext(ctx), a.domain, a.ignore);
    },
  },
};
