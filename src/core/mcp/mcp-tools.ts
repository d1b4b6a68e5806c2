import { type ArgumentBinding, type JsonObject, type SchemaLimits, toolInputSchema } from "./tool-input-schema";

/*
 * One MCP tool per documented operation of an API's current version. Names follow what most MCP clients accept
 * (^[A-Za-z0-9_-]{1,64}$): the operationId when it fits, else method and path; a repeat gets a numeric suffix.
 */

export const MAX_TOOL_NAME = 64;
const MAX_DESCRIPTION = 1_000;

export interface McpTool {
  name: string;
  description: string;
  inputSchema: JsonObject;
  /** The endpoint template the gateway matches ("GET /items/{id}"), the key of the provider's MCP settings. */
  endpoint: string;
  method: string;
  path: string;
  bindings: ArgumentBinding[];
}

/** What one stored endpoint row gives a tool. */
export interface ToolSource {
  method: string;
  path: string;
  operationId: string | null;
  summary: string | null;
  description: string | null;
  parametersJson: string;
  requestBodyJson: string | null;
}

/** The provider's MCP settings of one operation (keyed by endpoint template, so they outlive spec versions). */
export interface ToolSetting {
  endpoint: string;
  hidden: boolean;
  description: string | null;
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function sanitizeToolName(raw: string): string {
  return raw
    .replace(/[{}]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[_-]+|[_-]+$/g, "")
    .slice(0, MAX_TOOL_NAME);
}

/** The tool's base name: its operationId, or method and path ("get_items_id"). */
export function baseToolName(method: string, path: string, operationId: string | null): string {
  const fromId = operationId ? sanitizeToolName(operationId) : "";
  if (fromId) return fromId;
  return sanitizeToolName(`${method.toLowerCase()}_${path}`) || method.toLowerCase();
}

/** Makes `name` unique in `taken` (adds it), with `_2`, `_3` ... cut to fit the length limit. */
export function uniqueName(name: string, taken: Set<string>, max = MAX_TOOL_NAME): string {
  let candidate = name.slice(0, max);
  for (let n = 2; taken.has(candidate); n++) {
    const suffix = `_${n}`;
    candidate = name.slice(0, max - suffix.length) + suffix;
  }
  taken.add(candidate);
  return candidate;
}

function toolDescription(source: ToolSource, override: string | null): string {
  const parts = override ? [override] : [source.summary, source.description].filter((p): p is string => !!p);
  const text = parts.length > 0 ? parts.join("\n\n") : `${source.method.toUpperCase()} ${source.path}`;
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 3)}...` : text;
}

/** The tools of a version's endpoints, hidden operations left out and descriptions overridden. */
export function buildTools(
  sources: readonly ToolSource[],
  doc: Record<string, unknown>,
  settings: readonly ToolSetting[] = [],
  limits?: SchemaLimits,
): McpTool[] {
  const byEndpoint = new Map(settings.map((s) => [s.endpoint, s]));
  const taken = new Set<string>();
  const tools: McpTool[] = [];
  for (const source of sources) {
    const method = source.method.toUpperCase();
    const endpoint = `${method} ${source.path}`;
    const setting = byEndpoint.get(endpoint);
    if (setting?.hidden) continue;
    const input = toolInputSchema(parse(source.parametersJson), parse(source.requestBodyJson), doc, limits);
    tools.push({
      name: uniqueName(baseToolName(method, source.path, source.operationId), taken),
      description: toolDescription(source, setting?.description ?? null),
      inputSchema: input.schema,
      endpoint,
      method,
      path: source.path,
      bindings: input.bindings,
    });
  }
  return tools;
}
