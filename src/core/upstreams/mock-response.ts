import { exampleFromSchema, resolveExampleRefs, resolveSchemaRef } from "../catalog/schema-view";
import { isPlainRecord } from "../specs/json-pointer";

/*
 * Mock mode: an API whose upstream is unreachable answers from its OpenAPI document: the operation's first 2xx
 * response, with its example, the first of its named examples, or a value generated from the schema (required
 * properties always, read-only ones included: they are what a response carries). The gateway's mock mode and the
 * try-it mock answer both come from here.
 */

export interface MockResponse {
  status: number;
  contentType: string;
  body: string;
}

type Doc = Record<string, unknown>;

/** A plausible response value for a JSON schema: its example, const, default, first enum value, or a placeholder. */
export function sampleFromSchema(document: Doc, schema: unknown): unknown {
  return exampleFromSchema(document, schema, "response");
}

function firstSuccessStatus(responses: Record<string, unknown>): string | null {
  const codes = Object.keys(responses).filter((c) => /^2\d\d$/.test(c) || /^2XX$/i.test(c));
  codes.sort();
  if (codes[0]) return codes[0];
  return "default" in responses ? "default" : null;
}

/** The mock answer for one operation, from its (resolved) responses object and the API's document. */
export function mockResponse(document: Doc, responses: Record<string, unknown>): MockResponse {
  const code = firstSuccessStatus(responses);
  if (!code) return { status: 204, contentType: "application/json", body: "" };
  const status = /^\d{3}$/.test(code) ? Number(code) : 200;
  const response = resolveSchemaRef(document, responses[code]).schema;
  const content = isPlainRecord(response) && isPlainRecord(response.content) ? response.content : null;
  if (!content) return { status, contentType: "application/json", body: "" };
  const types = Object.keys(content);
  const contentType = types.find((t) => t.includes("json")) ?? types[0] ?? "application/json";
  const media = resolveSchemaRef(document, content[contentType]).schema;
  if (!isPlainRecord(media)) return { status, contentType, body: "" };
  let value: unknown;
  if (media.example !== undefined) value = resolveExampleRefs(document, media.example);
  else if (isPlainRecord(media.examples)) {
    const first = resolveSchemaRef(document, Object.values(media.examples)[0]).schema;
    value = isPlainRecord(first) ? resolveExampleRefs(document, first.value) : undefined;
  }
  if (value === undefined) value = sampleFromSchema(document, media.schema);
  const body = contentType.includes("json")
    ? JSON.stringify(value ?? null)
    : typeof value === "string"
      ? value
      : JSON.stringify(value ?? "");
  return { status, contentType, body };
}
