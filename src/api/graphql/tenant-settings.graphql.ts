import { AppError } from "../../core/errors/app-error";
import { createTenantAsOperator } from "../../core/tenants/tenant-provisioning.service";
import {
  getTenantSettings,
  listTenantSettingsVersions,
  revertTenantSettings,
  saveTenantSettings,
  type TenantSettings,
} from "../../core/tenants/tenant-settings.service";
import { toUseCaseContext } from "../../core/use-case-context";
import { ensureDemoApis } from "../../db/seed/demo/demo-apis";
import type { GraphQLContext } from "./graphql-context";
import { iso } from "./graphql-paging";

/** /admin "Tenant settings" and the super-admin's tenant creation (decisions 120 and 121), thin over src/core. */
export const tenantSettingsTypeDefs = /* GraphQL */ `
  type TenantSettings {
    "The latest saved version; 0 before the first change through /admin."
    version: Int!
    "The whole configuration as JSON (spec section 3), every default filled in."
    config: String!
    "Dotted paths of the settings the last save changed (empty when it changed nothing)."
    changes: [String!]!
  }
  type TenantSettingsVersion {
    id: ID!
    version: Int!
    changes: [String!]!
    changedBy: String
    revertedFrom: Int
    createdAt: String!
  }
  input CreateTenantInput {
    id: ID!
    name: String!
    brandName: String
    "empty or demo"
    catalog: String
    adminUsername: String!
    adminEmail: String!
    adminPassword: String!
  }
  type CreatedTenant {
    id: ID!
    name: String!
    brandName: String!
    adminUsername: String!
    demoApis: [String!]!
  }
  extend type Query {
    "Tenant admins only (ADMIN_PANEL_ACCESS): the tenant's configuration."
    tenantSettings: TenantSettings!
    "Tenant admins only: saved versions, newest first (who, what, when)."
    tenantSettingsHistory: [TenantSettingsVersion!]!
  }
  extend type Mutation {
    "Tenant admins only: save the whole configuration (JSON), validated by the tenant config schema; baseVersion guards against overwriting another admin's save."
    saveTenantSettings(config: String!, baseVersion: Int): TenantSettings!
    "Tenant admins only: restore an earlier version as a new version."
    revertTenantSettings(versionId: ID!): TenantSettings!
    "Administrators of the operator tenant only: create a tenant with its first admin and an empty or demo catalog."
    createTenant(input: CreateTenantInput!): CreatedTenant!
  }
`;

function settingsNode(s: TenantSettings & { changes?: string[] }) {
  return { version: s.version, config: JSON.stringify(s.config), changes: s.changes ?? [] };
}

function parseJson(text: unknown): unknown {
  if (typeof text !== "string") throw new AppError("BAD_REQUEST", "The configuration must be JSON text");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The configuration is not valid JSON");
  }
}

interface SaveArgs {
  config?: unknown;
  baseVersion?: number | null;
}
interface CreateArgs {
  input?: {
    id?: string;
    name?: string;
    brandName?: string | null;
    catalog?: string | null;
    adminUsername?: string;
    adminEmail?: string;
    adminPassword?: string;
  };
}

export const tenantSettingsResolvers = {
  Query: {
    tenantSettings: async (_: unknown, __: unknown, ctx: GraphQLContext) =>
      settingsNode(await getTenantSettings(toUseCaseContext(ctx))),
    tenantSettingsHistory: async (_: unknown, __: unknown, ctx: GraphQLContext) =>
      (await listTenantSettingsVersions(toUseCaseContext(ctx))).map((v) => ({
        id: v.id,
        version: v.version,
        changes: v.changes,
        changedBy: v.changedByName,
        revertedFrom: v.revertedFrom,
        createdAt: iso(v.createdAt),
      })),
  },
  Mutation: {
    saveTenantSettings: async (_: unknown, args: SaveArgs, ctx: GraphQLContext) => {
      const config = parseJson(args.config);
      return settingsNode(await saveTenantSettings(toUseCaseContext(ctx), { config, baseVersion: args.baseVersion }));
    },
    revertTenantSettings: async (_: unknown, args: unknown, ctx: GraphQLContext) =>
      settingsNode(await revertTenantSettings(toUseCaseContext(ctx), args)),
    createTenant: async (_: unknown, args: CreateArgs, ctx: GraphQLContext) => {
      const i = args.input ?? {};
      const created = await createTenantAsOperator(
        toUseCaseContext(ctx),
        {
          id: i.id,
          name: i.name,
          brandName: i.brandName,
          catalog: i.catalog ?? undefined,
          admin: { username: i.adminUsername, email: i.adminEmail, password: i.adminPassword },
        },
        ensureDemoApis,
      );
      return {
        id: created.tenant.id,
        name: created.tenant.name,
        brandName: created.tenant.config.brandName,
        adminUsername: created.adminUsername,
        demoApis: created.demoApis,
      };
    },
  },
};
