import { z } from "zod";
import { listTenantUsers, setTenantAdminRole, type TenantUser } from "../../core/accounts/tenant-admin.service";
import { searchAnalyticsReport } from "../../core/events/admin-reports.service";
import { listCorporateDomains } from "../../core/orgs/corporate-domains.service";
import { toUseCaseContext } from "../../core/use-case-context";
import { toConnection } from "./catalog.graphql";
import type { GraphQLContext } from "./graphql-context";
import { argsOf, iso, pageArgsSchema, pageOf } from "./graphql-paging";

/** The /admin screen's operations (ADMIN_PANEL_ACCESS, enforced in src/core): tenant users and search analytics. */
export const adminTypeDefs = /* GraphQL */ `
  type TenantUser {
    id: ID!
    username: String!
    name: String!
    email: String
    thumbnail: String
    joinedAt: String!
    isAdmin: Boolean!
  }
  type TenantUserConnection {
    nodes: [TenantUser!]!
    pageInfo: PageInfo!
    offset: Int!
    total: Int!
  }
  type SearchTermCount {
    term: String!
    count: Int!
  }
  type SearchPositionClicks {
    position: Int!
    clicks: Int!
    "clicks / searches in the same period"
    clickThroughRate: Float!
  }
  type SearchAnalytics {
    days: Int!
    since: String!
    until: String!
    topTerms: [SearchTermCount!]!
    zeroResultTerms: [SearchTermCount!]!
    clicksByPosition: [SearchPositionClicks!]!
  }
  type CorporateDomainListing {
    domain: String!
    ignore: Boolean!
    organizationId: ID
    organizationName: String
  }
  type CorporateDomainConnection {
    nodes: [CorporateDomainListing!]!
    pageInfo: PageInfo!
    offset: Int!
    total: Int!
  }
  extend type Query {
    "Tenant admins only: corporate domains (claimed by organizations or ignored); set the flag with setCorporateDomainIgnore."
    adminCorporateDomains(first: Int, after: String): CorporateDomainConnection!
    "Tenant admins only: the tenant's users (search over username, name, e-mail)."
    adminUsers(search: String, first: Int, after: String): TenantUserConnection!
    "Tenant admins only: top terms, zero-result terms and click-through by position over the last days (1, 7, 30, 90)."
    adminSearchAnalytics(days: Int, limit: Int): SearchAnalytics!
  }
  extend type Mutation {
    "Tenant admins only: grant (admin: true) or revoke the tenant admin role; the last admin cannot be revoked."
    setTenantAdmin(userId: ID!, admin: Boolean!): TenantUser!
  }
`;

const usersArgs = z.object({ search: z.string().max(100).nullish(), ...pageArgsSchema });
const analyticsArgs = z.object({ days: z.number().int().nullish(), limit: z.number().int().nullish() });

function userNode(user: TenantUser) {
  return { ...user, joinedAt: iso(user.joinedAt) };
}

export const adminResolvers = {
  Query: {
    adminCorporateDomains: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const page = pageOf(argsOf(z.object(pageArgsSchema), args), 50);
      return toConnection({ ...(await listCorporateDomains(toUseCaseContext(ctx), page)), ...page }, (d) => d);
    },
    adminUsers: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(usersArgs, args);
      const page = pageOf(a);
      const result = await listTenantUsers(toUseCaseContext(ctx), { search: a.search ?? "", ...page });
      return toConnection({ ...result, ...page }, userNode);
    },
    adminSearchAnalytics: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(analyticsArgs, args);
      const report = await searchAnalyticsReport(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        {
          days: a.days ?? undefined,
          limit: a.limit ?? undefined,
        },
      );
      return { ...report, since: iso(report.since), until: iso(report.until) };
    },
  },
  Mutation: {
    setTenantAdmin: async (_: unknown, args: unknown, ctx: GraphQLContext) =>
      userNode(await setTenantAdminRole(toUseCaseContext(ctx), args)),
  },
};
