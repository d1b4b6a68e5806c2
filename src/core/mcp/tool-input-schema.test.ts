import { describe, expect, it } from "vitest";
import { DEFAULT_SCHEMA_LIMITS, type JsonObject, toolInputSchema } from "./tool-input-schema";

const doc = {
  components: {
    schemas: {
      Node: {
        type: "object",
        properties: { value: { type: "string" }, next: { $ref: "#/components/schemas/Node" } },
      },
      A: { type: "object", properties: { b: { $ref: "#/components/schemas/B" } } },
      B: { type: "object", properties: { a: { $ref: "#/components/schemas/A" } } },
      Pet: {
        type: "object",
        nullable: true,
        example: { name: "Rex" },
        "x-internal": true,
        properties: { name: { type: "string", nullable: true } },
      },
    },
  },
};

function json(body: unknown): { content: Record<string, { schema: unknown }>; required: boolean } {
  return { required: true, content: { "application/json": { schema: body } } };
}

function prop(schema: JsonObject, name: string): JsonObject {
  return (schema.properties as JsonObject)[name] as JsonObject;
}

describe("toolInputSchema", () => {
  it("makes each parameter a property and the body `body`, path parameters required", () => {
    const { schema, bindings } = toolInputSchema(
      [
        { name: "id", in: "path", required: true, description: "The id", schema: { type: "string" } },
        { name: "limit", in: "query", required: false, description: null, schema: { type: "integer" } },
      ],
      json({ type: "object" }),
      doc,
    );
    expect(schema.type).toBe("object");
    expect(schema.required).toEqual(["id", "body"]);
    expect(prop(schema, "id")).toEqual({ type: "string", description: "The id" });
    expect(bindings.map((b) => `${b.in}:${b.arg}`)).toEqual(["path:id", "query:limit", "body:body"]);
  });

  it("prefixes a name two locations share, and never takes the gateway's own headers as arguments", () => {
    const { schema, bindings } = toolInputSchema(
      [
        { name: "id", in: "path", required: true, description: null, schema: {} },
        { name: "id", in: "query", required: false, description: null, schema: {} },
        { name: "X-Api-Key", in: "header", required: true, description: null, schema: {} },
        { name: "Authorization", in: "header", required: true, description: null, schema: {} },
      ],
      null,
      doc,
    );
    expect(Object.keys(schema.properties as JsonObject)).toEqual(["path_id", "query_id"]);
    expect(bindings.map((b) => b.name)).toEqual(["id", "id"]);
  });

  it("inlines $refs and stops a self-reference at the schema that repeats", () => {
    const { schema } = toolInputSchema([], json({ $ref: "#/components/schemas/Node" }), doc);
    const body = prop(schema, "body");
    expect(prop(body, "value")).toEqual({ type: "string" });
    expect(String(prop(body, "next").description)).toContain("Recursive");
  });

  it("stops a cycle through two schemas", () => {
    const { schema } = toolInputSchema([], json({ $ref: "#/components/schemas/A" }), doc);
    const b = prop(prop(schema, "body"), "b");
    const a = prop(b, "a");
    expect(String(a.description)).toContain("Recursive");
    expect(JSON.stringify(schema).length).toBeLessThan(1_000);
  });

  it("turns nullable into a type union and drops examples and extensions", () => {
    const { schema } = toolInputSchema([], json({ $ref: "#/components/schemas/Pet" }), doc);
    const body = prop(schema, "body");
    expect(body.type).toEqual(["object", "null"]);
    expect(prop(body, "name").type).toEqual(["string", "null"]);
    expect(body.example).toBeUndefined();
    expect(body["x-internal"]).toBeUndefined();
  });

  it("names an unresolvable $ref instead of failing", () => {
    const { schema } = toolInputSchema([], json({ $ref: "#/components/schemas/Missing" }), doc);
    expect(String(prop(schema, "body").description)).toContain("Unresolved reference");
  });

  it("bounds a huge schema to the byte limit by lowering the depth, then flattening", () => {
    // A wide, deep tree: 30 properties per level, 6 levels, far over 16 KB inlined.
    const wide: Record<string, unknown> = { schemas: {} };
    const schemas = wide.schemas as Record<string, unknown>;
    for (let level = 0; level < 6; level++) {
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < 30; i++) {
        properties[`field_${i}_${"x".repeat(20)}`] =
          level < 5 ? { $ref: `#/components/schemas/L${level + 1}` } : { type: "string", description: "y".repeat(80) };
      }
      schemas[`L${level}`] = { type: "object", properties };
    }
    const bigDoc = { components: wide };
    const { schema } = toolInputSchema([], json({ $ref: "#/components/schemas/L0" }), bigDoc);
    expect(JSON.stringify(schema).length).toBeLessThanOrEqual(DEFAULT_SCHEMA_LIMITS.maxBytes);
    expect(Object.keys(prop(schema, "body").properties as JsonObject)).toHaveLength(30);

    const params = Array.from({ length: 3_000 }, (_, i) => ({
      name: `p${i}`,
      in: "query",
      required: false,
      description: "z".repeat(100),
      schema: { type: "string" },
    }));
    const flat = toolInputSchema(params, null, {});
    expect(JSON.stringify(flat.schema).length).toBeLessThanOrEqual(DEFAULT_SCHEMA_LIMITS.maxBytes);
    expect(String(flat.schema.description)).toContain("too large");
  });

  it("ignores malformed parameters and bodies", () => {
    const { schema, bindings } = toolInputSchema([null, 3, { name: "q" }, { in: "query" }], "nope", doc);
    expect(schema).toEqual({ type: "object", properties: {} });
    expect(bindings).toEqual([]);
  });
});
