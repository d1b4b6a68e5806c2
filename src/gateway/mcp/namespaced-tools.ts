import { MAX_TOOL_NAME, type McpTool, uniqueName } from "../../core/mcp/mcp-tools";
import type { SessionTool } from "./mcp-tool-server";

/**
 * One app's tools across its APIs: each named `{api-slug}__{tool}` (the owner joins the prefix when two APIs share a
 * slug), cut to the name limit and made unique, so an agent configured once tells the APIs apart.
 */
export function namespacedTools(
  groups: ReadonlyArray<{ owner: string; slug: string; tools: McpTool[] }>,
): SessionTool[] {
  const slugCount = new Map<string, number>();
  for (const g of groups) slugCount.set(g.slug, (slugCount.get(g.slug) ?? 0) + 1);
  const taken = new Set<string>();
  const out: SessionTool[] = [];
  for (const g of groups) {
    const prefix = ((slugCount.get(g.slug) ?? 0) > 1 ? `${g.owner}_${g.slug}` : g.slug).replace(
      /[^A-Za-z0-9_-]+/g,
      "_",
    );
    for (const tool of g.tools) {
      out.push({
        name: uniqueName(`${prefix}__${tool.name}`, taken, MAX_TOOL_NAME),
        tool,
        owner: g.owner,
        slug: g.slug,
      });
    }
  }
  return out;
}
