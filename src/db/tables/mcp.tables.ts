import type { Flag } from "../schema";

/* Tables of migration 150-mcp-tool-settings (issue 19), part of the one Database type in src/db/schema.ts. */

export interface McpToolSettingsTable {
  tenant_id: string;
  api_id: string;
  /** The endpoint template, "GET /items/{id}": the key that outlives spec versions. */
  endpoint: string;
  /** 1: the operation is not offered as an MCP tool (it stays callable through the gateway). */
  hidden: Flag;
  /** The tool's description in place of the spec's; null: the spec's. */
  description: string | null;
  updated_by: string;
  updated_at: number;
}

export type McpTables = {
  mcp_tool_settings: McpToolSettingsTable;
};
