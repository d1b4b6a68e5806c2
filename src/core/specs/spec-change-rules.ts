import { canonicalJsonOf } from "./canonical-json";
import type { RefComparison } from "./ref-changes";

/** The documents refs resolve in, and the refs already followed on this path (a recursive schema stops there). */
export interface SchemaRefs {
  comparison: RefComparison;
  visiting: ReadonlySet<string>;
}

/*
 * What changed inside one operation, each change breaking or not, after the usual OpenAPI diff rules (the ones
 * openapi-diff and oasdiff apply; decision 081):
 * - request side: a new required parameter, a parameter that became required, a removed parameter, a changed
 *   parameter type, a removed enum value, a request body that became required, a new required property, a changed
 *   property type or a removed media type break existing clients; optional additions do not;
 * - response side: a removed success (2xx) response, a removed or changed-type property, a property that is no longer
 *   required (clients relied on it) or a removed media type break clients; added responses or properties do not.
 * Given the two documents (RefComparison), a `$ref` is followed on each side into its own document, so a change inside
 * a shared component (components/schemas and any component a schema points at) is classified where it is used;
 * without them a `$ref` compares by its target name.
 */

export type ComparedPart = "summary" | "parameters" | "requestBody" | "responses";

export interface OperationChange {
  part: ComparedPart;
  breaking: boolean;
  /** English, one line: "Required query parameter 'limit' added". */
  message: string;
}

type Json = Record<string, unknown>;
const MAX_DEPTH = 8;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function change(part: ComparedPart, breaking: boolean, message: string): OperationChange {
  return { part, breaking, message };
}

function typeOf(schema: unknown): string | null {
  if (!isRecord(schema)) return null;
  if (typeof schema.$ref === "string") return `ref:${schema.$ref}`;
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return [...type].map(String).sort().join("|");
  return null;
}

function requiredOf(schema: Json): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
}

/**
 * Differences between two schemas at `where` ("" for the root). `side` decides what breaks: a request schema breaks
 * clients when it demands more; a response schema when it promises less.
 */
export function compareSchemas(
  part: ComparedPart,
  side: "request" | "response",
  where: string,
  before: unknown,
  after: unknown,
  depth = 0,
  refs?: SchemaRefs,
): OperationChange[] {
  if (depth > MAX_DEPTH) return [];
  let inner = refs;
  if (refs) {
    const b = refs.comparison.deref("before", before);
    const a = refs.comparison.deref("after", after);
    // Already inside this component on this path: its changes are reported where the path entered it.
    if ((b.ref && refs.visiting.has(b.ref)) || (a.ref && refs.visiting.has(a.ref))) return [];
    const visiting = new Set(refs.visiting);
    for (const ref of [b.ref, a.ref]) if (ref) visiting.add(ref);
    inner = { comparison: refs.comparison, visiting };
    before = b.value;
    after = a.value;
  }
  // The same text can still differ through a component it points at; then only what is found below counts.
  const sameText = canonicalJsonOf(before) === canonicalJsonOf(after);
  if (sameText && !refs?.comparison.usesChangedRef(before)) return [];
  const at = where ? ` '${where}'` : "";
  const out: OperationChange[] = [];
  const beforeType = typeOf(before);
  const afterType = typeOf(after);
  if (beforeType !== afterType && beforeType !== null && afterType !== null) {
    return [change(part, true, `Type of${at || " the schema"} changed from ${beforeType} to ${afterType}`)];
  }
  if (!isRecord(before) || !isRecord(after)) {
    return [change(part, false, `Schema${at} changed`)];
  }
  if (Array.isArray(before.enum) && Array.isArray(after.enum)) {
    const next = new Set(after.enum.map((v) => canonicalJsonOf(v)));
    const removed = before.enum.filter((v) => !next.has(canonicalJsonOf(v)));
    // Fewer accepted values breaks senders; fewer possible values in a response does not break readers.
    if (removed.length > 0) {
      out.push(
        change(
          part,
          side === "request",
          `Enum value${removed.length > 1 ? "s" : ""} ${removed.map((v) => JSON.stringify(v)).join(", ")} removed from${at || " the schema"}`,
        ),
      );
    }
    const previous = new Set(before.enum.map((v) => canonicalJsonOf(v)));
    const added = after.enum.filter((v) => !previous.has(canonicalJsonOf(v)));
    // A reader may not expect new values; a sender is unaffected.
    if (added.length > 0) {
      out.push(
        change(
          part,
          side === "response",
          `Enum value${added.length > 1 ? "s" : ""} ${added.map((v) => JSON.stringify(v)).join(", ")} added to${at || " the schema"}`,
        ),
      );
    }
  }
  const beforeProps = isRecord(before.properties) ? before.properties : {};
  const afterProps = isRecord(after.properties) ? after.properties : {};
  const beforeRequired = requiredOf(before);
  const afterRequired = requiredOf(after);
  const prefix = where ? `${where}.` : "";
  for (const name of Object.keys(afterProps)) {
    if (name in beforeProps) continue;
    const required = afterRequired.has(name);
    out.push(
      change(
        part,
        side === "request" && required,
        `${required ? "Required property" : "Property"} '${prefix}${name}' added`,
      ),
    );
  }
  for (const name of Object.keys(beforeProps)) {
    if (!(name in afterProps)) {
      out.push(change(part, side === "response", `Property '${prefix}${name}' removed`));
      continue;
    }
    out.push(...compareSchemas(part, side, `${prefix}${name}`, beforeProps[name], afterProps[name], depth + 1, inner));
    if (!beforeRequired.has(name) && afterRequired.has(name) && side === "request") {
      out.push(change(part, true, `Property '${prefix}${name}' became required`));
    }
    if (beforeRequired.has(name) && !afterRequired.has(name) && side === "response") {
      out.push(change(part, true, `Property '${prefix}${name}' is no longer always returned`));
    }
  }
  if (before.items !== undefined || after.items !== undefined) {
    out.push(
      ...compareSchemas(
        part,
        side,
        `${prefix}[]`.replace(/\.\[\]$/, "[]"),
        before.items,
        after.items,
        depth + 1,
        inner,
      ),
    );
  }
  if (out.length === 0 && !sameText) out.push(change(part, false, `Schema${at} changed`));
  return out;
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
}

function parametersOf(value: unknown): Parameter[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((p) => ({
    name: String(p.name ?? ""),
    in: String(p.in ?? ""),
    required: p.required === true,
    schema: p.schema ?? null,
  }));
}

export function compareParameters(before: unknown, after: unknown, refs?: SchemaRefs): OperationChange[] {
  const out: OperationChange[] = [];
  const key = (p: Parameter) => `${p.in} ${p.name}`;
  const old = new Map(parametersOf(before).map((p) => [key(p), p]));
  const next = new Map(parametersOf(after).map((p) => [key(p), p]));
  for (const [k, p] of next) {
    const o = old.get(k);
    if (!o) {
      out.push(
        change("parameters", p.required, `${p.required ? "Required" : "Optional"} ${p.in} parameter '${p.name}' added`),
      );
      continue;
    }
    if (!o.required && p.required)
      out.push(change("parameters", true, `${p.in} parameter '${p.name}' became required`));
    if (o.required && !p.required)
      out.push(change("parameters", false, `${p.in} parameter '${p.name}' became optional`));
    out.push(...compareSchemas("parameters", "request", `${p.in} parameter ${p.name}`, o.schema, p.schema, 0, refs));
  }
  for (const [k, o] of old) {
    if (!next.has(k)) out.push(change("parameters", true, `${o.in} parameter '${o.name}' removed`));
  }
  return out.map((c) => ({ ...c, message: c.message.charAt(0).toUpperCase() + c.message.slice(1) }));
}

function contentOf(value: unknown): Json {
  return isRecord(value) && isRecord(value.content) ? value.content : {};
}

function schemaOf(media: unknown): unknown {
  return isRecord(media) ? (media.schema ?? null) : null;
}

export function compareRequestBodies(before: unknown, after: unknown, refs?: SchemaRefs): OperationChange[] {
  if (!isRecord(before) && !isRecord(after)) return [];
  if (!isRecord(before) && isRecord(after)) {
    const required = after.required === true;
    return [change("requestBody", required, `${required ? "Required" : "Optional"} request body added`)];
  }
  if (isRecord(before) && !isRecord(after)) return [change("requestBody", true, "Request body removed")];
  const out: OperationChange[] = [];
  const b = before as Json;
  const a = after as Json;
  if (b.required !== true && a.required === true) out.push(change("requestBody", true, "Request body became required"));
  const beforeContent = contentOf(b);
  const afterContent = contentOf(a);
  for (const type of Object.keys(beforeContent)) {
    if (!(type in afterContent)) out.push(change("requestBody", true, `Request media type ${type} removed`));
    else
      out.push(
        ...compareSchemas(
          "requestBody",
          "request",
          "",
          schemaOf(beforeContent[type]),
          schemaOf(afterContent[type]),
          0,
          refs,
        ).map((c) => ({ ...c, message: `${type}: ${c.message}` })),
      );
  }
  for (const type of Object.keys(afterContent)) {
    if (!(type in beforeContent)) out.push(change("requestBody", false, `Request media type ${type} added`));
  }
  return out;
}

const isSuccess = (status: string) => /^2/.test(status) || status === "default";

export function compareResponses(before: unknown, after: unknown, refs?: SchemaRefs): OperationChange[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const out: OperationChange[] = [];
  for (const status of Object.keys(b)) {
    if (!(status in a)) {
      out.push(change("responses", isSuccess(status), `Response ${status} removed`));
      continue;
    }
    const beforeContent = contentOf(b[status]);
    const afterContent = contentOf(a[status]);
    for (const type of Object.keys(beforeContent)) {
      if (!(type in afterContent)) {
        out.push(change("responses", isSuccess(status), `Response ${status} media type ${type} removed`));
        continue;
      }
      const found = compareSchemas(
        "responses",
        "response",
        "",
        schemaOf(beforeContent[type]),
        schemaOf(afterContent[type]),
        0,
        refs,
      );
      // Only success responses carry data clients build on; error bodies changing is not breaking.
      out.push(
        ...found.map((c) => ({
          ...c,
          breaking: c.breaking && isSuccess(status),
          message: `Response ${status}: ${c.message}`,
        })),
      );
    }
    for (const type of Object.keys(afterContent)) {
      if (!(type in beforeContent)) out.push(change("responses", false, `Response ${status} media type ${type} added`));
    }
  }
  for (const status of Object.keys(a)) {
    if (!(status in b)) out.push(change("responses", false, `Response ${status} added`));
  }
  return out;
}
