import type { McpTool } from "./mcp-tools";

/** The HTTP call a tool's arguments make: path under the API, query, headers and JSON body. */
export interface ToolRequest {
  method: string;
  /** Path and query under the API's gateway address, e.g. "/items/7?limit=2". */
  pathAndQuery: string;
  headers: Array<[string, string]>;
  body: string | null;
}

export class ToolArgumentError extends Error {}

function scalar(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

/** A path template split once per tool: literal text at even indexes, parameter names at odd ones. */
const templates = new WeakMap<McpTool, string[]>();

function templateOf(tool: McpTool): string[] {
  let parts = templates.get(tool);
  if (!parts) {
    parts = tool.path.split(/\{([^}]*)\}/);
    templates.set(tool, parts);
  }
  return parts;
}

/**
 * The request for validated `args`: path parameters percent-encoded into the template (a value cannot add a path
 * segment), arrays as repeated query parameters, header values checked for control characters.
 */
export function toolRequest(tool: McpTool, args: Record<string, unknown>): ToolRequest {
  const template = templateOf(tool);
  // Path values by parameter name; made only for a template with parameters.
  let values: Map<string, string> | null = null;
  // Made on the first query value only: most calls have none, and a URLSearchParams is the dearest part of a call here.
  let query: URLSearchParams | null = null;
  const headers: Array<[string, string]> = [];
  let body: string | null = null;
  for (const binding of tool.bindings) {
    const value = args[binding.arg];
    if (value === undefined || value === null) continue;
    switch (binding.in) {
      case "path":
        values ??= new Map();
        values.set(binding.name, encodeURIComponent(scalar(value)));
        break;
      case "query":
        query ??= new URLSearchParams();
        if (Array.isArray(value)) for (const item of value) query.append(binding.name, scalar(item));
        else query.append(binding.name, scalar(value));
        break;
      case "header": {
        const text = scalar(value);
        if (!HEADER_VALUE.test(text))
          throw new ToolArgumentError(`Argument ${binding.arg} is not a valid header value`);
        headers.push([binding.name, text]);
        break;
      }
      case "cookie":
        break;
      case "body":
        body = JSON.stringify(value);
        break;
    }
  }
  let path = template[0] as string;
  for (let i = 1; i < template.length; i += 2) {
    // Every parameter of the template is filled (each of its occurrences): an encoded value holds no "{" to refill.
    const value = values?.get(template[i] as string);
    if (value === undefined) throw new ToolArgumentError(`Missing path argument for ${tool.path}`);
    path += value + (template[i + 1] as string);
  }
  const search = query === null ? "" : query.toString();
  // A path key may carry a query of its own ("/services?funcs=News", seen in real specs): the arguments' join it.
  const joined = search ? `${path}${path.includes("?") ? "&" : "?"}${search}` : path;
  return { method: tool.method, pathAndQuery: joined, headers, body };
}
