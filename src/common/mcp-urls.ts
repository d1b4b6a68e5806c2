/*
 * Where the gateway serves MCP (decision 150): /_mcp/{owner}/{api-slug} for one API, /_mcp for every API the key's
 * app subscribes to. No API address starts with "_" (owner names start with a letter or digit), so MCP never shadows
 * an operation of an API, even one whose own path is /mcp.
 */

export const MCP_PREFIX = "/_mcp";

export type McpScope = { kind: "app" } | { kind: "api"; owner: string; slug: string };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The scope of an MCP URL; null when the path is not one (404). */
export function parseMcpPath(url: string): McpScope | null {
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  if (path === MCP_PREFIX || path === `${MCP_PREFIX}/`) return { kind: "app" };
  if (!path.startsWith(`${MCP_PREFIX}/`)) return null;
  const parts = path
    .slice(MCP_PREFIX.length + 1)
    .replace(/\/$/, "")
    .split("/");
  if (parts.length !== 2) return null;
  const owner = decode(parts[0] ?? "");
  const slug = decode(parts[1] ?? "");
  if (!owner || !slug) return null;
  return { kind: "api", owner, slug };
}

/** The MCP URL of an API on a gateway base URL. */
export function apiMcpUrl(gatewayBase: string, owner: string, slug: string): string {
  return `${gatewayBase}${MCP_PREFIX}/${encodeURIComponent(owner)}/${encodeURIComponent(slug)}`;
}

/** The MCP URL of an app (the key says which app). */
export function appMcpUrl(gatewayBase: string): string {
  return `${gatewayBase}${MCP_PREFIX}`;
}
