import { isFound, isPlainRecord, lookupSegments, refToSegments } from "../specs/json-pointer";

/*
 * Turns JSON schemas of a stored OpenAPI document into small, display-ready trees for the Endpoints tab. Internal
 * `$ref`s are resolved against the document; a ref that names one of its own ancestors is shown as "circular" instead
 * of being expanded, and depth and total node count are bounded so a hostile or enormous spec cannot blow up a
 * response. Only what the page shows is kept (texts are cut), so the tree is cheap to send to the browser.
 */

export interface SchemaNode {
  /** Property name, "items" for array items, or a variant label; absent at the root. */
  name?: string;
  /** "object", "array", "string", "integer", "oneOf", "any"... */
  type: string;
  format?: string;
  required?: boolean;
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  description?: string;
  /** The one allowed value (JSON Schema / OpenAPI 3.1 `const`), JSON-encoded. */
  const?: string;
  /** Allowed values, JSON-encoded (at most MAX_ENUM shown). */
  enum?: string[];
  enumTruncated?: boolean;
  example?: string;
  default?: string;
  /** "min 1", "max length 20", "pattern ^[a-z]+$"... */
  constraints?: string[];
  /** Component name when the schema came through a `$ref` ("Pet"). */
  refName?: string;
  /** Set when the ref points back at an ancestor: the node is not expanded again. */
  circular?: boolean;
  /** Set when depth or the node budget ran out before this node's children. */
  truncated?: boolean;
  /** A `$ref` that could not be resolved (external or broken). */
  unresolved?: string;
  children?: SchemaNode[];
}

export interface SchemaViewLimits {
  maxDepth: number;
  maxNodes: number;
}

export const DEFAULT_SCHEMA_LIMITS: SchemaViewLimits = { maxDepth: 10, maxNodes: 600 };
const MAX_TEXT = 400;
const MAX_ENUM = 25;
const MAX_EXAMPLE = 300;
const MAX_REF_HOPS = 32;

type Doc = Record<string, unknown>;

interface Resolved {
  schema: unknown;
  /** The last ref followed (its full text), used for cycle detection. */
  ref: string | null;
  unresolved: string | null;
}

/** Follows a chain of internal `$ref`s; external, malformed or dangling refs come back as `unresolved`. */
export function resolveSchemaRef(document: Doc, value: unknown): Resolved {
  let current = value;
  let ref: string | null = null;
  for (let hops = 0; isPlainRecord(current) && typeof current.$ref === "string"; hops++) {
    const next = current.$ref;
    const segments = refToSegments(next);
    if (hops >= MAX_REF_HOPS || segments === null) return { schema: null, ref, unresolved: next };
    const target = lookupSegments(document, segments);
    if (!isFound(target)) return { schema: null, ref, unresolved: next };
    ref = next;
    current = target;
  }
  return { schema: current, ref, unresolved: null };
}

function refName(ref: string | null): string | undefined {
  if (!ref) return undefined;
  const last = ref.slice(ref.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(last).replace(/~1/g, "/").replace(/~0/g, "~") || undefined;
  } catch {
    return last || undefined;
  }
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** JSON text of a value, cut to `max`; undefined for values JSON cannot show. */
export function compactJson(value: unknown, max = MAX_EXAMPLE): string | undefined {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : cut(text, max);
  } catch {
    return undefined;
  }
}

function typeOf(schema: Record<string, unknown>): { type: string; nullable: boolean } {
  const raw = schema.type;
  if (Array.isArray(raw)) {
    const types = raw.filter((t): t is string => typeof t === "string");
    const nonNull = types.filter((t) => t !== "null");
    return { type: nonNull.join(" | ") || "null", nullable: types.includes("null") };
  }
  if (typeof raw === "string") return { type: raw, nullable: schema.nullable === true };
  // 3.1 `const` without a type (an enum written as oneOf of consts) still has the type of its value.
  if (schema.const !== undefined) {
    const value = schema.const;
    const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
    return { type: type === "number" && Number.isInteger(value) ? "integer" : type, nullable: value === null };
  }
  if (isPlainRecord(schema.properties) || schema.additionalProperties !== undefined) {
    return { type: "object", nullable: schema.nullable === true };
  }
  if (schema.items !== undefined) return { type: "array", nullable: schema.nullable === true };
  for (const key of ["oneOf", "anyOf", "allOf"] as const) {
    if (Array.isArray(schema[key])) return { type: key, nullable: schema.nullable === true };
  }
  return { type: "any", nullable: schema.nullable === true };
}

function constraintsOf(schema: Record<string, unknown>): string[] {
  const out: string[] = [];
  const num = (key: string, label: string) => {
    const v = schema[key];
    if (typeof v === "number") out.push(`${label} ${v}`);
  };
  num("minimum", schema.exclusiveMinimum === true ? ">" : "≥");
  num("maximum", schema.exclusiveMaximum === true ? "<" : "≤");
  if (typeof schema.exclusiveMinimum === "number") out.push(`> ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === "number") out.push(`< ${schema.exclusiveMaximum}`);
  num("minLength", "min length");
  num("maxLength", "max length");
  num("minItems", "min items");
  num("maxItems", "max items");
  num("multipleOf", "multiple of");
  if (schema.uniqueItems === true) out.push("unique items");
  if (typeof schema.pattern === "string") out.push(`pattern ${cut(schema.pattern, 80)}`);
  return out;
}

class Builder {
  private nodes = 0;
  constructor(
    private readonly document: Doc,
    private readonly limits: SchemaViewLimits,
  ) {}

  get exhausted(): boolean {
    return this.nodes >= this.limits.maxNodes;
  }

  build(raw: unknown, name: string | undefined, required: boolean, ancestors: readonly string[], depth: number) {
    this.nodes++;
    const resolved = resolveSchemaRef(this.document, raw);
    const node: SchemaNode = { type: "any" };
    if (name !== undefined) node.name = name;
    if (required) node.required = true;
    if (resolved.unresolved) {
      node.type = "ref";
      node.unresolved = cut(resolved.unresolved, 200);
      return node;
    }
    const name_ = refName(resolved.ref);
    if (name_) node.refName = name_;
    if (resolved.ref && ancestors.includes(resolved.ref)) {
      node.circular = true;
      node.type = "object";
      return node;
    }
    const schema = resolved.schema;
    if (schema === true || schema === undefined || schema === null) return node;
    if (!isPlainRecord(schema)) return node;
    const chain = resolved.ref ? [...ancestors, resolved.ref] : ancestors;
    const { type, nullable } = typeOf(schema);
    node.type = type;
    if (nullable) node.nullable = true;
    if (typeof schema.format === "string") node.format = cut(schema.format, 40);
    if (schema.deprecated === true) node.deprecated = true;
    if (schema.readOnly === true) node.readOnly = true;
    if (schema.writeOnly === true) node.writeOnly = true;
    const description = typeof schema.description === "string" ? schema.description : schema.title;
    if (typeof description === "string" && description.trim()) node.description = cut(description.trim(), MAX_TEXT);
    if (schema.const !== undefined) node.const = compactJson(schema.const, 120) ?? "null";
    if (Array.isArray(schema.enum)) {
      node.enum = schema.enum.slice(0, MAX_ENUM).map((v) => compactJson(v, 80) ?? "null");
      if (schema.enum.length > MAX_ENUM) node.enumTruncated = true;
    }
    if (schema.example !== undefined) node.example = compactJson(resolveExampleRefs(this.document, schema.example));
    else if (Array.isArray(schema.examples) && schema.examples.length > 0)
      node.example = compactJson(resolveExampleRefs(this.document, schema.examples[0]));
    if (schema.default !== undefined) node.default = compactJson(schema.default, 120);
    const constraints = constraintsOf(schema);
    if (constraints.length > 0) node.constraints = constraints;

    const children = this.childrenOf(schema, type, chain, depth);
    if (children === "truncated") node.truncated = true;
    else if (children.length > 0) node.children = children;
    return node;
  }

  private childrenOf(
    schema: Record<string, unknown>,
    type: string,
    chain: readonly string[],
    depth: number,
  ): SchemaNode[] | "truncated" {
    const entries: Array<{ raw: unknown; name: string; required: boolean }> = [];
    const required = new Set(
      Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === "string") : [],
    );
    if (isPlainRecord(schema.properties)) {
      for (const [name, raw] of Object.entries(schema.properties))
        entries.push({ raw, name, required: required.has(name) });
    }
    // allOf is shown merged (its parts' properties side by side), which is how readers think of composition.
    if (Array.isArray(schema.allOf)) {
      for (const part of schema.allOf) this.collectAllOf(part, entries, chain, 0);
    }
    for (const key of ["oneOf", "anyOf"] as const) {
      const list = schema[key];
      if (Array.isArray(list)) {
        list.forEach((raw, i) => {
          entries.push({ raw, name: `${key === "oneOf" ? "one of" : "any of"} #${i + 1}`, required: false });
        });
      }
    }
    if (type === "array" || schema.items !== undefined) {
      if (schema.items !== undefined) entries.push({ raw: schema.items, name: "items", required: false });
    }
    if (isPlainRecord(schema.additionalProperties)) {
      entries.push({ raw: schema.additionalProperties, name: "{key}", required: false });
    }
    if (entries.length === 0) return [];
    if (depth >= this.limits.maxDepth || this.exhausted) return "truncated";
    const out: SchemaNode[] = [];
    for (const entry of entries) {
      if (this.exhausted) return out.length > 0 ? out : "truncated";
      out.push(this.build(entry.raw, entry.name, entry.required, chain, depth + 1));
    }
    return out;
  }

  /** Adds an allOf part's properties (following its own nested allOf) to `entries`. */
  private collectAllOf(
    raw: unknown,
    entries: Array<{ raw: unknown; name: string; required: boolean }>,
    chain: readonly string[],
    hops: number,
  ): void {
    const resolved = resolveSchemaRef(this.document, raw);
    if (!isPlainRecord(resolved.schema) || hops > 8) return;
    if (resolved.ref && chain.includes(resolved.ref)) return;
    const part = resolved.schema;
    const required = new Set(Array.isArray(part.required) ? part.required.filter((r) => typeof r === "string") : []);
    if (isPlainRecord(part.properties)) {
      for (const [name, value] of Object.entries(part.properties)) {
        if (!entries.some((e) => e.name === name)) entries.push({ raw: value, name, required: required.has(name) });
        else if (required.has(name)) {
          const existing = entries.find((e) => e.name === name);
          if (existing) existing.required = true;
        }
      }
    }
    if (Array.isArray(part.allOf)) {
      const next = resolved.ref ? [...chain, resolved.ref] : chain;
      for (const inner of part.allOf) this.collectAllOf(inner, entries, next, hops + 1);
    }
  }
}

/** A display tree of `schema` (which may be or contain `$ref`s into `document`), bounded by `limits`. */
export function buildSchemaView(
  document: Doc,
  schema: unknown,
  limits: SchemaViewLimits = DEFAULT_SCHEMA_LIMITS,
): SchemaNode {
  return new Builder(document, limits).build(schema, undefined, false, [], 0);
}

/**
 * An example value with the internal `$ref`s inside it replaced by what they name. Bundling a multi-file spec turns
 * every use of a shared example file after the first into `{"$ref": "#/..."}` (bundle-spec-files.ts), so without this
 * the second operation showed the ref instead of the example. Bounded in nodes; a cycle stays a ref.
 */
export function resolveExampleRefs(
  document: Doc,
  value: unknown,
  budget = { nodes: 5_000 },
  seen: string[] = [],
): unknown {
  if (--budget.nodes < 0 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => resolveExampleRefs(document, v, budget, seen));
  const record = value as Record<string, unknown>;
  if (typeof record.$ref === "string" && Object.keys(record).length === 1) {
    const ref = record.$ref;
    if (seen.includes(ref) || seen.length >= MAX_REF_HOPS) return value;
    const resolved = resolveSchemaRef(document, value);
    if (resolved.unresolved !== null) return value;
    // An Example object ({summary, value}) was the target: its value is the example.
    const target =
      isPlainRecord(resolved.schema) && "value" in resolved.schema && ref.includes("/examples/")
        ? resolved.schema.value
        : resolved.schema;
    return resolveExampleRefs(document, target, budget, [...seen, ref]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(record)) out[key] = resolveExampleRefs(document, inner, budget, seen);
  return out;
}

/** Which side of a call an example is for: requests leave out readOnly properties, responses writeOnly ones. */
export type ExampleDirection = "request" | "response";

/**
 * A plausible example value for a schema (for the try-it body editor): its example, default, first enum value or a
 * typed placeholder, built within a node budget so enormous or cyclic schemas stay small.
 */
export function exampleFromSchema(
  document: Doc,
  schema: unknown,
  direction: ExampleDirection = "request",
  budget = { nodes: 300 },
  depth = 0,
): unknown {
  budget.nodes--;
  const resolved = resolveSchemaRef(document, schema);
  const s = resolved.schema;
  if (!isPlainRecord(s) || depth > 8 || budget.nodes <= 0) return null;
  if (s.example !== undefined) return resolveExampleRefs(document, s.example);
  if (Array.isArray(s.examples) && s.examples.length > 0) return resolveExampleRefs(document, s.examples[0]);
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (Array.isArray(s.allOf)) {
    const merged: Record<string, unknown> = {};
    for (const part of s.allOf) {
      const value = exampleFromSchema(document, part, direction, budget, depth + 1);
      if (isPlainRecord(value)) Object.assign(merged, value);
    }
    return merged;
  }
  for (const key of ["oneOf", "anyOf"] as const) {
    const list = s[key];
    if (Array.isArray(list) && list.length > 0)
      return exampleFromSchema(document, list[0], direction, budget, depth + 1);
  }
  const { type } = typeOf(s);
  if (type === "object") {
    const out: Record<string, unknown> = {};
    if (isPlainRecord(s.properties)) {
      const required = new Set(Array.isArray(s.required) ? s.required : []);
      // Required properties come first so a tight budget still yields a valid value.
      const entries = Object.entries(s.properties).sort(
        ([a], [b]) => Number(required.has(b)) - Number(required.has(a)),
      );
      for (const [name, property] of entries) {
        if (budget.nodes <= 0 && !required.has(name)) break;
        const p = resolveSchemaRef(document, property).schema;
        const skipped = direction === "request" ? "readOnly" : "writeOnly";
        if (isPlainRecord(p) && p[skipped] === true) continue;
        out[name] = exampleFromSchema(document, property, direction, budget, depth + 1);
      }
    }
    return out;
  }
  if (type === "array") {
    return s.items === undefined ? [] : [exampleFromSchema(document, s.items, direction, budget, depth + 1)];
  }
  if (type === "integer" || type === "number") return typeof s.minimum === "number" ? s.minimum : 0;
  if (type === "boolean") return true;
  if (type.startsWith("string")) {
    if (s.format === "date-time") return "2026-01-01T00:00:00Z";
    if (s.format === "date") return "2026-01-01";
    if (s.format === "uuid") return "00000000-0000-4000-8000-000000000000";
    if (s.format === "email") return "user@example.com";
    if (s.format === "uri" || s.format === "url") return "https://example.com";
    return "string";
  }
  return null;
}
