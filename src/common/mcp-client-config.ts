/*
 * Ready-to-paste MCP client configurations for a Portico MCP URL (streamable HTTP, key in X-Api-Key). Formats as the
 * clients document them in 2026: Cursor's mcp.json (url + headers), VS Code's mcp.json (servers, type "http"),
 * Claude Code's `claude mcp add --transport http`, and Claude Desktop through the mcp-remote bridge (its config file
 * starts local commands only).
 */

export const MCP_CLIENTS = ["cursor", "vscode", "claudeCode", "claudeDesktop"] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

export interface McpConfigInput {
  /** The server's name in the client, e.g. the API slug. */
  name: string;
  url: string;
  /** The key as shown: the real key, a masked one, or a placeholder. */
  key: string;
  /** x-tenant-id, when the tenant is not the gateway's default one. */
  tenantId: string | null;
}

function headers(input: McpConfigInput): Record<string, string> {
  return input.tenantId ? { "X-Api-Key": input.key, "x-tenant-id": input.tenantId } : { "X-Api-Key": input.key };
}

/** A client name for the config: letters, digits, "-" and "_" (what every client accepts). */
export function mcpServerName(raw: string): string {
  return (
    raw
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "portico"
  );
}

export function mcpClientConfig(client: McpClient, input: McpConfigInput): string {
  const name = mcpServerName(input.name);
  switch (client) {
    case "cursor":
      return JSON.stringify({ mcpServers: { [name]: { url: input.url, headers: headers(input) } } }, null, 2);
    case "vscode":
      return JSON.stringify(
        { servers: { [name]: { type: "http", url: input.url, headers: headers(input) } } },
        null,
        2,
      );
    case "claudeCode": {
      const parts = [`claude mcp add --transport http ${name} ${input.url}`, `--header "X-Api-Key: ${input.key}"`];
      if (input.tenantId) parts.push(`--header "x-tenant-id: ${input.tenantId}"`);
      return parts.join(" \\\n  ");
    }
    case "claudeDesktop": {
      const args = ["-y", "mcp-remote", input.url, "--header", `X-Api-Key:${input.key}`];
      if (input.tenantId) args.push("--header", `x-tenant-id:${input.tenantId}`);
      return JSON.stringify({ mcpServers: { [name]: { command: "npx", args } } }, null, 2);
    }
  }
}
