import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/*
 * The portal MCP server's tools as agents see them. An API is named "owner/api-slug", as in its page's address
 * (/{owner}/api/{api-slug}) and in compare.
 */

const apiRef = {
  type: "string",
  description: 'The API as "owner/api-slug" (from search_apis)',
  minLength: 3,
  maxLength: 200,
} as const;

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

export const PORTAL_TOOLS: Tool[] = [
  {
    name: "search_apis",
    description:
      "Search the API catalog (the site's search: every word by prefix or with one typo, best matches first). An empty term browses the most popular APIs.",
    inputSchema: {
      type: "object",
      properties: {
        term: { type: "string", description: "What to look for", maxLength: 10_000 },
        categories: { type: "array", items: { type: "string" }, maxItems: 20, description: "Category names" },
        first: { type: "integer", minimum: 1, maximum: 50, description: "How many APIs (default 10)" },
        offset: { type: "integer", minimum: 0, maximum: 10_000, description: "Skip this many (paging)" },
      },
    },
    annotations: { title: "Search APIs", ...readOnly },
  },
  {
    name: "get_api",
    description: "An API's overview as Markdown: description, provider, pricing, base URL, operations.",
    inputSchema: { type: "object", properties: { api: apiRef }, required: ["api"] },
    annotations: { title: "Read an API's overview", ...readOnly },
  },
  {
    name: "list_operations",
    description: "The operations of an API's current version: id, method, path, summary (paged).",
    inputSchema: {
      type: "object",
      properties: {
        api: apiRef,
        query: { type: "string", maxLength: 200, description: "Only operations whose path or summary match" },
        offset: { type: "integer", minimum: 0 },
        limit: { type: "integer", minimum: 1, maximum: 100, description: "Default 50" },
      },
      required: ["api"],
    },
    annotations: { title: "List an API's operations", ...readOnly },
  },
  {
    name: "get_operation",
    description: "One operation's documentation: parameters, request body, responses, security.",
    inputSchema: {
      type: "object",
      properties: {
        api: apiRef,
        operation: { type: "string", description: "The operation's id from list_operations", maxLength: 200 },
      },
      required: ["api", "operation"],
    },
    annotations: { title: "Read an operation", ...readOnly },
  },
  {
    name: "compare_apis",
    description: "Two to four APIs side by side: pricing and plans, limits, auth, operations, latency, rating.",
    inputSchema: {
      type: "object",
      properties: { apis: { type: "array", items: apiRef, minItems: 2, maxItems: 4 } },
      required: ["apis"],
    },
    annotations: { title: "Compare APIs", ...readOnly },
  },
  {
    name: "my_subscriptions",
    description: "The subscriptions of the app whose API key you present (X-Api-Key or Authorization: Bearer).",
    inputSchema: { type: "object", properties: {} },
    annotations: { title: "My subscriptions", ...readOnly },
  },
  {
    name: "my_usage",
    description: "Calls, errors and latency of the app whose API key you present, per day.",
    inputSchema: {
      type: "object",
      properties: { days: { type: "integer", minimum: 1, maximum: 90, description: "Default 30" } },
    },
    annotations: { title: "My usage", ...readOnly },
  },
];
