/**
 * The API key an MCP client presents: `X-Api-Key`, or an OAuth-style bearer token (what most MCP clients let users
 * configure). One rule for the gateway's MCP endpoints and the portal MCP server.
 */
export function presentedKey(headers: { apiKey: string; authorization: string }): string {
  const apiKey = headers.apiKey.trim();
  if (apiKey) return apiKey;
  const auth = headers.authorization.trim();
  return /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, "").trim() : "";
}
