/*
 * Mock mode: an API whose upstream is unreachable answers from its OpenAPI document: the operation's first 2xx
 * response, with its example, the first of its examples, or a value generated from the schema.
 */

export interface MockResponse {
  status: number;
  contentType: string;
  body: string;
}

const MAX_DEPTH = 6;
const MAX_ITEMS = 2;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function resolve(document: Record<string, unknown>, value: unknown, seen = 0): unknown {
  if (!isRecord(value) || typeof value.$ref !== "string" || seen > 20) return value;
  const ref = value.$ref;
  if (!ref.startsWith("#/")) return {};
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    node = isRecord(node) ? node[key] : undefined;
  }
  return resolve(document, node, seen + 1);
}

/** A plausible value for a JSON schema: its example, default, first enum value, or a typed placeholder. */
export function sampleFromSchema(document: Record<string, unknown>, schemaIn: unknown, depth = 0): unknown {
  const schema = resolve(document, schemaIn);
  if (!isRecord(schema) || depth > MAX_DEPTH) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const combinator of ["allOf", "oneOf", "anyOf"] as const) {
    const list = schema[combinator];
    if (Array.isArray(list) && list.length > 0) {
      if (combinator !== "allOf") return sampleFromSchema(document, list[0], depth + 1);
      const merged: Record<string, unknown> = {};
      for (const part of list) {
        const value = sampleFromSchema(document, part, depth + 1);
        if (isRecord(value)) Object.assign(merged, value);
      }
      return merged;
    }
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" || isRecord(schema.properties)) {
    const out: Record<string, unknown> = {};
    if (isRecord(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties)) {
        out[name] = sampleFromSchema(document, property, depth + 1);
      }
    }
    return out;
  }
  if (type === "array") {
    const item = sampleFromSchema(document, schema.items, depth + 1);
    return Array.from({ length: Math.min(MAX_ITEMS, Number(schema.minItems ?? 1) || 1) }, () => item);
  }
  if (type === "integer") return typeof schema.minimum === "number" ? Math.ceil(schema.minimum) : 0;
  if (type === "number") return typeof schema.minimum === "number" ? schema.minimum : 0;
  if (type === "boolean") return true;
  if (type === "string") {
    if (schema.format === "date-time") return "2026-01-01T00:00:00Z";
    if (schema.format === "date") return "2026-01-01";
    if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
    if (schema.format === "email") return "user@example.com";
    if (schema.format === "uri" || schema.format === "url") return "https://example.com";
    return "string";
  }
  return null;
}

function firstSuccessStatus(responses: Record<string, unknown>): string | null {
  const codes = Object.keys(responses).filter((c) => /^2\d\d$/.test(c) || /^2XX$/i.test(c));
  codes.sort();
  if (codes[0]) return codes[0];
  return "default" in responses ? "default" : null;
}

/** The mock answer for one operation, from its (resolved) responses object and the API's document. */
export function mockResponse(document: Record<string, unknown>, responses: Record<string, unknown>): MockResponse {
  const code = firstSuccessStatus(responses);
  if (!code) return { status: 204, contentType: "application/json", body: "" };
  const status = /^\d{3}$/.test(code) ? Number(code) : 200;
  const response = resolve(document, responses[code]);
  const content = isRecord(response) && isRecord(response.content) ? response.content : null;
  if (!content) return { status, contentType: "application/json", body: "" };
  const types = Object.keys(content);
  const contentType = types.find((t) => t.includes("json")) ?? types[0] ?? "application/json";
  const media = resolve(document, content[contentType]);
  if (!isRecord(media)) return { status, contentType, body: "" };
  let value: unknown;
  if (media.example !== undefined) value = media.example;
  else if (isRecord(media.examples)) {
    const first = resolve(document, Object.values(media.examples)[0]);
    value = isRecord(first) ? first.value : undefined;
  }
  if (value === undefined) value = sampleFromSchema(document, media.schema);
  const body = contentType.includes("json")
    ? JSON.stringify(value ?? null)
    : typeof value === "string"
      ? value
      : JSON.stringify(value ?? "");
  return { status, contentType, body };
}
