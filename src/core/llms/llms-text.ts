import type { ApiCard, ApiDetail, EndpointSummary } from "../catalog/catalog.types";

/*
 * The catalog as assistants read it without JavaScript: llms.txt (https://llmstxt.org: an H1, a blockquote summary,
 * then H2 sections of Markdown link lists) for the site and for each API, and a Markdown rendition of an API page.
 * Pure text builders: the loader (llms.service.ts) decides what the reader may see.
 */

/** One line of text from a value that may span lines or carry Markdown link syntax. */
function inline(text: string | null | undefined, max = 300): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Link text that cannot close the link early. */
function linkText(text: string): string {
  return inline(text, 200).replace(/[[\]]/g, "");
}

export interface SiteLlmsInput {
  brandName: string;
  siteUrl: string;
  gatewayUrl: string;
  apis: ApiCard[];
  totalApis: number;
}

export function siteLlmsTxt(input: SiteLlmsInput): string {
  const lines = [
    `# ${inline(input.brandName)}`,
    "",
    `> ${inline(input.brandName)} is an API marketplace: ${input.totalApis} APIs with their operations, plans and documentation. Consumers call them through one gateway with one key per app; agents can use every API as MCP tools.`,
    "",
    `- API pages: ${input.siteUrl}/{owner}/api/{slug}; each has an llms.txt and a Markdown rendition (index.md) beside it.`,
    `- Gateway: ${input.gatewayUrl}/{owner}/{slug}/{path} with the header X-Api-Key.`,
    `- MCP (streamable HTTP): ${input.gatewayUrl}/_mcp/{owner}/{slug} for one API, ${input.gatewayUrl}/_mcp for every API an app subscribes to; the same key.`,
    "",
    "## APIs",
    "",
  ];
  for (const api of input.apis) {
    const base = `${input.siteUrl}/${encodeURIComponent(api.ownerUsername)}/api/${encodeURIComponent(api.slug)}`;
    const note = [api.categoryName, inline(api.shortDescription, 200)].filter(Boolean).join(": ");
    lines.push(`- [${linkText(api.name)}](${base}/llms.txt)${note ? `: ${note}` : ""}`);
  }
  if (input.totalApis > input.apis.length) {
    lines.push("", "## Optional", "", `- [Search every API](${input.siteUrl}/search): ${input.totalApis} in all`);
  }
  return `${lines.join("\n")}\n`;
}

export interface ApiLlmsInput {
  siteUrl: string;
  gatewayUrl: string;
  api: ApiDetail;
  endpoints: EndpointSummary[];
  totalEndpoints: number;
  specDownloadUrl: string | null;
}

function apiBase(input: { siteUrl: string; api: ApiDetail }): string {
  return `${input.siteUrl}/${encodeURIComponent(input.api.ownerUsername)}/api/${encodeURIComponent(input.api.slug)}`;
}

function gatewayBase(input: { gatewayUrl: string; api: ApiDetail }): string {
  return `${input.gatewayUrl}/${encodeURIComponent(input.api.ownerUsername)}/${encodeURIComponent(input.api.slug)}`;
}

function mcpUrl(input: { gatewayUrl: string; api: ApiDetail }): string {
  return `${input.gatewayUrl}/_mcp/${encodeURIComponent(input.api.ownerUsername)}/${encodeURIComponent(input.api.slug)}`;
}

export function apiLlmsTxt(input: ApiLlmsInput): string {
  const { api } = input;
  const page = apiBase(input);
  const lines = [
    `# ${inline(api.name)}`,
    "",
    `> ${inline(api.shortDescription) || `The ${inline(api.name)} API`}`,
    "",
    `- Provider: ${inline(api.providerName ?? api.ownerName)}${api.categoryName ? `; category: ${inline(api.categoryName)}` : ""}; pricing: ${api.pricingType}`,
    `- Call it at ${gatewayBase(input)}/{path} with the header X-Api-Key (the key of an app subscribed to one of its plans).`,
    `- MCP: ${mcpUrl(input)} (streamable HTTP, one tool per operation, the same key).`,
    "",
    "## Docs",
    "",
    `- [${linkText(api.name)} as Markdown](${page}/index.md): overview, readme and every operation with its parameters`,
    `- [Plans and pricing](${page}/pricing)`,
  ];
  if (input.specDownloadUrl) lines.push(`- [OpenAPI document](${input.specDownloadUrl}): the current version's spec`);
  lines.push("", "## Operations", "");
  for (const e of input.endpoints) {
    const summary = inline(e.summary ?? e.description, 200);
    lines.push(
      `- [${e.method.toUpperCase()} ${linkText(e.path)}](${page}/index.md#${anchor(e)})${summary ? `: ${summary}` : ""}`,
    );
  }
  if (input.totalEndpoints > input.endpoints.length) {
    lines.push("", "## Optional", "", `- [Every operation](${page}): ${input.totalEndpoints} in all`);
  }
  return `${lines.join("\n")}\n`;
}

/** A stable anchor for an operation in the Markdown rendition. */
export function anchor(e: Pick<EndpointSummary, "method" | "path">): string {
  return `${e.method.toLowerCase()}-${e.path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function schemaType(schema: unknown): string {
  if (typeof schema !== "object" || schema === null) return "";
  const s = schema as Record<string, unknown>;
  if (typeof s.type === "string") {
    if (s.type === "array" && typeof s.items === "object" && s.items !== null) {
      const inner = schemaType(s.items);
      return inner ? `array of ${inner}` : "array";
    }
    return s.type;
  }
  if (typeof s.$ref === "string") return s.$ref.slice(s.$ref.lastIndexOf("/") + 1);
  return "";
}

/** The API page as Markdown: header facts, the readme as written, and every listed operation. */
export function apiMarkdown(input: ApiLlmsInput): string {
  const { api } = input;
  const out = [
    `# ${inline(api.name)}`,
    "",
    inline(api.shortDescription, 1_000),
    "",
    `- Provider: ${inline(api.providerName ?? api.ownerName)}`,
    ...(api.categoryName ? [`- Category: ${inline(api.categoryName)}`] : []),
    `- Pricing: ${api.pricingType} ([plans](${apiBase(input)}/pricing))`,
    ...(api.currentVersion ? [`- Version: ${inline(api.currentVersion.version)}`] : []),
    ...(api.website ? [`- Website: ${inline(api.website)}`] : []),
    `- Gateway: \`${gatewayBase(input)}/{path}\` with the header \`X-Api-Key\``,
    `- MCP: \`${mcpUrl(input)}\``,
    "",
  ];
  if (api.readme.trim()) out.push("## Readme", "", api.readme.trim(), "");
  if (api.features.length > 0) {
    out.push("## Features", "", ...api.features.map((f) => `- ${inline(f)}`), "");
  }
  out.push(`## Operations (${input.totalEndpoints})`, "");
  for (const e of input.endpoints) {
    out.push(`### ${e.method.toUpperCase()} ${inline(e.path)} {#${anchor(e)}}`, "");
    if (e.summary) out.push(inline(e.summary, 500), "");
    if (e.description && e.description !== e.summary) out.push(e.description.trim().slice(0, 4_000), "");
    if (e.operationId) out.push(`Operation id: \`${inline(e.operationId, 100)}\``, "");
    if (e.parameters.length > 0) {
      out.push("| Parameter | In | Type | Required | Description |", "|---|---|---|---|---|");
      for (const p of e.parameters) {
        const cells = [p.name, p.in, schemaType(p.schema), p.required ? "yes" : "no", inline(p.description, 200)];
        out.push(`| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`);
      }
      out.push("");
    }
  }
  if (input.totalEndpoints > input.endpoints.length) {
    out.push(
      `The first ${input.endpoints.length} of ${input.totalEndpoints} operations are listed; see ${apiBase(input)} for all.`,
      "",
    );
  }
  return `${out.join("\n")}`;
}
