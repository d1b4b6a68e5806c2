import { lookupSegments, refToSegments } from "../specs/json-pointer";

/*
 * An operation's input as one JSON Schema object, the shape MCP tools declare: each parameter a property (named as in
 * the spec, or `{in}_{name}` when two locations share a name), the request body under `body`. Internal `$ref`s are
 * inlined against the version's document; a cycle stops at the schema that repeats, and depth, node count and the
 * serialized size are bounded, so a 1,000-operation spec with recursive schemas lists in bounded bytes.
 */

export type JsonObject = { [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

export interface SchemaLimits {
  /** Nesting of schemas below a property (a deeper schema becomes `{}` with a note). */
  maxDepth: number;
  /** Schema nodes copied per tool. */
  maxNodes: number;
  /** Serialized bytes of one tool's input schema; over it, depth is lowered until it fits. */
  maxBytes: number;
}

export const DEFAULT_SCHEMA_LIMITS: SchemaLimits = { maxDepth: 8, maxNodes: 2_000, maxBytes: 16 * 1024 };

/** Where a tool argument goes in the HTTP call. */
export interface ArgumentBinding {
  arg: string;
  in: "path" | "query" | "header" | "cookie" | "body";
  name: string;
}

export interface ToolInput {
  schema: JsonObject;
  bindings: ArgumentBinding[];
}

/** OpenAPI keywords that are not JSON Schema or only weigh the listing down. */
const DROPPED = new Set(["example", "examples", "xml", "externalDocs", "discriminator", "nullable", "deprecated"]);
const LOCATIONS = new Set(["path", "query", "header", "cookie"]);
/** Headers the gateway sets itself: a tool argument never overrides them. */
const RESERVED_HEADERS = new Set([
  "x-api-key",
  "authorization",
  "x-tenant-id",
  "host",
  "content-length",
  "content-type",
  "transfer-encoding",
  "connection",
  "cookie",
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

class SchemaCopier {
  nodes = 0;

  constructor(
    private readonly doc: Record<string, unknown>,
    private readonly limits: SchemaLimits,
    private readonly maxDepth: number,
  ) {}

  /** A copy of `value` with refs inlined; `refs` holds the refs being expanded on this branch (the cycle check). */
  copy(value: unknown, depth: number, refs: readonly string[]): JsonValue {
    this.nodes++;
    if (value === null || typeof value === "string" || typeof value === "boolean") return value;
    if (typeof value === "number") return Number.isFinite(value) ? value : null;
    if (Array.isArray(value)) {
      if (this.nodes > this.limits.maxNodes) return [];
      return value.slice(0, 100).map((item) => this.copy(item, depth, refs));
    }
    if (!isObject(value)) return null;
    if (typeof value.$ref === "string") return this.inline(value.$ref, depth, refs);
    if (depth > this.maxDepth || this.nodes > this.limits.maxNodes) {
      return { description: "Nested deeper than this listing shows; see the API's documentation." };
    }
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      if (DROPPED.has(key) || key.startsWith("x-")) continue;
      if (key === "properties" && isObject(child)) {
        const props: JsonObject = {};
        for (const [name, schema] of Object.entries(child)) props[name] = this.copy(schema, depth + 1, refs);
        out.properties = props;
      } else if (key === "description" || key === "title") {
        if (typeof child === "string") out[key] = child.length > 500 ? `${child.slice(0, 497)}...` : child;
      } else {
        out[key] = this.copy(child, depth + 1, refs);
      }
    }
    // OpenAPI 3.0's nullable is JSON Schema's type union.
    if (value.nullable === true && typeof out.type === "string") out.type = [out.type, "null"];
    return out;
  }

  private inline(ref: string, depth: number, refs: readonly string[]): JsonValue {
    const name = ref.slice(ref.lastIndexOf("/") + 1);
    if (refs.includes(ref)) return { description: `Recursive: another ${name} (same shape as its parent).` };
    const segments = refToSegments(ref);
    const target = segments ? lookupSegments(this.doc, segments) : undefined;
    if (!isObject(target)) return { description: `Unresolved reference ${ref}.` };
    return this.copy(target, depth, [...refs, ref]);
  }
}

interface RawParameter {
  name: string;
  in: string;
  required: boolean;
  description: string | null;
  schema: unknown;
}

function asParameters(value: unknown): RawParameter[] {
  if (!Array.isArray(value)) return [];
  const out: RawParameter[] = [];
  for (const p of value) {
    if (!isObject(p) || typeof p.name !== "string" || typeof p.in !== "string" || !LOCATIONS.has(p.in)) continue;
    if (p.in === "header" && RESERVED_HEADERS.has(p.name.toLowerCase())) continue;
    out.push({
      name: p.name,
      in: p.in,
      required: p.required === true || p.in === "path",
      description: typeof p.description === "string" ? p.description : null,
      schema: p.schema ?? {},
    });
  }
  return out;
}

/** The JSON body schema of an OpenAPI 3 requestBody (application/json or a +json type first), else any. */
function bodySchema(requestBody: unknown): { schema: unknown; required: boolean; description: string | null } | null {
  if (!isObject(requestBody)) return null;
  const content = isObject(requestBody.content) ? requestBody.content : {};
  const types = Object.keys(content);
  const json = types.find((t) => t === "application/json") ?? types.find((t) => /[/+]json\b/.test(t));
  const media = json ?? types[0];
  const entry = media ? content[media] : undefined;
  return {
    schema: isObject(entry) && entry.schema !== undefined ? entry.schema : {},
    required: requestBody.required === true,
    description: typeof requestBody.description === "string" ? requestBody.description : null,
  };
}

function build(parameters: RawParameter[], body: ReturnType<typeof bodySchema>, copier: SchemaCopier): ToolInput {
  const properties: JsonObject = {};
  const required: string[] = [];
  const bindings: ArgumentBinding[] = [];
  const counts = new Map<string, number>();
  for (const p of parameters) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  if (body) counts.set("body", (counts.get("body") ?? 0) + 1);
  for (const p of parameters) {
    const arg = (counts.get(p.name) ?? 0) > 1 ? `${p.in}_${p.name}` : p.name;
    if (arg in properties) continue;
    const schema = copier.copy(p.schema, 1, []);
    const prop: JsonObject = isObject(schema) ? { ...(schema as JsonObject) } : {};
    if (p.description && prop.description === undefined) prop.description = p.description.slice(0, 500);
    properties[arg] = prop;
    bindings.push({ arg, in: p.in as ArgumentBinding["in"], name: p.name });
    if (p.required) required.push(arg);
  }
  if (body) {
    const arg = "body" in properties ? "request_body" : "body";
    const schema = copier.copy(body.schema, 1, []);
    const prop: JsonObject = isObject(schema) ? { ...(schema as JsonObject) } : {};
    if (body.description && prop.description === undefined) prop.description = body.description.slice(0, 500);
    properties[arg] = prop;
    bindings.push({ arg, in: "body", name: "body" });
    if (body.required) required.push(arg);
  }
  const schema: JsonObject = { type: "object", properties };
  if (required.length > 0) schema.required = required;
  return { schema, bindings };
}

/**
 * The input schema of one operation from its stored parameters and request body (`parameters_json`,
 * `request_body_json`) and the version's normalized document (for internal `$ref`s).
 */
export function toolInputSchema(
  parameters: unknown,
  requestBody: unknown,
  doc: Record<string, unknown>,
  limits: SchemaLimits = DEFAULT_SCHEMA_LIMITS,
): ToolInput {
  const params = asParameters(parameters);
  const body = bodySchema(requestBody);
  for (let depth = limits.maxDepth; depth >= 0; depth--) {
    const input = build(params, body, new SchemaCopier(doc, limits, depth));
    if (JSON.stringify(input.schema).length <= limits.maxBytes) return input;
  }
  // Even flat it is too large (thousands of parameters): the arguments keep their names, not their schemas.
  const flat = build(params, body, new SchemaCopier(doc, limits, -1));
  const properties: JsonObject = {};
  for (const b of flat.bindings.slice(0, 200)) properties[b.arg] = {};
  const schema: JsonObject = {
    type: "object",
    description: "The full input schema is too large to list; see the API's documentation.",
    properties,
  };
  return { schema, bindings: flat.bindings.slice(0, 200) };
}
