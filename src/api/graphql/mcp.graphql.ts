import { z } from "zod";
import { listMcpOperations, setMcpToolSetting } from "../../core/mcp/mcp-tools.service";
import type { GraphQLContext } from "./graphql-context";
import { argsOf } from "./graphql-paging";

/*
 * The provider's MCP settings (issue 19): which operations agents see as tools and how each tool is described,
 * without touching the spec. API managers only; core authorizes.
 */
export const mcpTypeDefs = /* GraphQL */ `
  "One operation of an API's current version as an MCP tool."
  type McpOperation {
    "The endpoint template, e.g. GET /items/{id}: the key of the settings (they outlive spec versions)."
    endpoint: String!
    method: String!
    path: String!
    toolName: String!
    summary: String
    "Left out of tools/list (the operation stays callable through the gateway)."
    hidden: Boolean!
    "The provider's description; null: the spec's summary and description."
    descriptionOverride: String
    "What the tool says now."
    toolDescription: String!
  }

  extend type Query {
    "The current version's operations with their MCP settings (the API's managers only)."
    apiMcpOperations(apiId: ID!): [McpOperation!]!
  }

  extend type Mutation {
    "Hides an operation from MCP or rewords its tool; connected MCP clients are told their tool list changed."
    setMcpToolSetting(apiId: ID!, endpoint: String!, hidden: Boolean!, description: String): McpOperation!
  }
`;

const id = z.string().min(1).max(100);

export const mcpResolvers = {
  Query: {
    apiMcpOperations: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      listMcpOperations(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        argsOf(z.object({ apiId: id }), args).apiId,
      ),
  },
  Mutation: {
    setMcpToolSetting: (_: unknown, args: unknown, ctx: GraphQLContext) =>
      setMcpToolSetting({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, args),
  },
};
