import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { InternalAnswer } from "./internal-call";

/*
 * The API's answer as an MCP tool result: the body as text, and a JSON object body as structured content too. Two
 * forms of the same result: the object (the SDK's handler returns it) and its JSON text (the direct path writes it).
 * The text form embeds the upstream's JSON bytes as structuredContent after checking they parse to an object, instead
 * of serializing the parsed object again: the body was otherwise serialized twice per call (decision 151).
 */

const TEXT_TYPE = /^(text\/|application\/(json|xml|problem\+json|[a-z0-9.+-]*\+(json|xml))|application\/javascript)/i;
const JSON_TYPE = /json/i;

interface Shaped {
  /** The text item. */
  shown: string;
  isError: boolean;
  /** The body's text when it is a JSON object (the answer's structuredContent), with its parsed form. */
  structured: { text: string; value: Record<string, unknown> } | null;
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What a content type is (text to show, JSON to structure), remembered: an API answers with one or two. */
const kinds = new Map<string, { text: boolean; json: boolean }>();

function kindOf(type: string): { text: boolean; json: boolean } {
  let kind = kinds.get(type);
  if (!kind) {
    kind = { text: type === "" || TEXT_TYPE.test(type), json: JSON_TYPE.test(type) };
    if (type.length > 128) return kind;
    if (kinds.size >= 256) kinds.clear();
    kinds.set(type, kind);
  }
  return kind;
}

function shape(answer: InternalAnswer): Shaped {
  const type = answer.header("content-type") ?? "";
  const kind = kindOf(type);
  const isError = answer.status >= 400;
  const text =
    answer.body.length === 0 || kind.text
      ? answer.body.toString("utf8")
      : `(${answer.body.length} bytes of ${type}, base64) ${answer.body.toString("base64")}`;
  const shown =
    isError || answer.truncated
      ? `${isError ? `HTTP ${answer.status}: ` : ""}${text}${answer.truncated ? "\n(answer cut at 1 MB)" : ""}`
      : text;
  let structured: Shaped["structured"] = null;
  if (!answer.truncated && kind.json) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isJsonObject(parsed)) structured = { text, value: parsed };
    } catch {
      // Not JSON after all: the text is the answer.
    }
  }
  return { shown, isError, structured };
}

export function toolResult(answer: InternalAnswer): CallToolResult {
  const { shown, isError, structured } = shape(answer);
  const result: CallToolResult = { content: [{ type: "text", text: shown }] };
  if (isError) result.isError = true;
  if (structured) result.structuredContent = structured.value;
  return result;
}

/** JSON.stringify(toolResult(answer)), up to the structured content's spacing and key order, which stay the API's. */
export function toolResultJson(answer: InternalAnswer): string {
  const { shown, isError, structured } = shape(answer);
  let json = `{"content":[{"type":"text","text":${JSON.stringify(shown)}}]`;
  if (isError) json += `,"isError":true`;
  // The text parsed as one JSON object, so it is one JSON value as it stands (UTF-8 decoding leaves no lone
  // surrogates for JSON.stringify to escape).
  if (structured) json += `,"structuredContent":${structured.text}`;
  return `${json}}`;
}
