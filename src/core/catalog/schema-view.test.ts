import { describe, expect, it } from "vitest";
import { buildSchemaView, exampleFromSchema, resolveSchemaRef, type SchemaNode } from "./schema-view";

const doc = {
  components: {
    schemas: {
      Pet: {
        type: "object",
        required: ["name"],
        properties: {
          id: { type: "integer", format: "int64", readOnly: true },
          name: { type: "string", example: "Rex", minLength: 1 },
          status: { type: "string", enum: ["available", "sold"] },
          owner: { $ref: "#/components/schemas/Person" },
          tags: { type: "array", items: { $ref: "#/components/schemas/Tag" } },
        },
      },
      Person: {
        type: "object",
        properties: { name: { type: "string" }, pets: { type: "array", items: { $ref: "#/components/schemas/Pet" } } },
      },
      Tag: { type: "object", properties: { label: { type: "string" } } },
      Self: { type: "object", properties: { next: { $ref: "#/components/schemas/Self" } } },
      Alias: { $ref: "#/components/schemas/Tag" },
      LoopA: { $ref: "#/components/schemas/LoopB" },
      LoopB: { $ref: "#/components/schemas/LoopA" },
      Dog: {
        allOf: [
          { $ref: "#/components/schemas/Tag" },
          { type: "object", required: ["bark"], properties: { bark: { type: "boolean" } } },
        ],
      },
      Shape: { oneOf: [{ $ref: "#/components/schemas/Tag" }, { type: "string" }] },
      "a/b": { type: "string" },
    },
  },
};

function child(node: SchemaNode, name: string): SchemaNode {
  const found = node.children?.find((c) => c.name === name);
  if (!found) throw new Error(`no child ${name} in ${JSON.stringify(node.children?.map((c) => c.name))}`);
  return found;
}

describe("buildSchemaView", () => {
  it("resolves internal refs and keeps types, required markers, enums and examples", () => {
    const view = buildSchemaView(doc, { $ref: "#/components/schemas/Pet" });
    expect(view.type).toBe("object");
    expect(view.refName).toBe("Pet");
    expect(child(view, "name")).toMatchObject({ type: "string", required: true, example: '"Rex"' });
    expect(child(view, "name").constraints).toContain("min length 1");
    expect(child(view, "id")).toMatchObject({ type: "integer", format: "int64", readOnly: true });
    expect(child(view, "id").required).toBeUndefined();
    expect(child(view, "status").enum).toEqual(['"available"', '"sold"']);
    const tags = child(view, "tags");
    expect(tags.type).toBe("array");
    expect(child(child(tags, "items"), "label").type).toBe("string");
  });

  it("marks a ref back to an ancestor as circular instead of expanding it again", () => {
    const view = buildSchemaView(doc, { $ref: "#/components/schemas/Pet" });
    const backToPet = child(child(child(view, "owner"), "pets"), "items");
    expect(backToPet.circular).toBe(true);
    expect(backToPet.refName).toBe("Pet");
    expect(backToPet.children).toBeUndefined();
    const self = buildSchemaView(doc, { $ref: "#/components/schemas/Self" });
    expect(child(self, "next").circular).toBe(true);
  });

  it("stops on ref chains that loop or dangle, and on external refs", () => {
    expect(buildSchemaView(doc, { $ref: "#/components/schemas/LoopA" }).unresolved).toBeDefined();
    expect(buildSchemaView(doc, { $ref: "#/components/schemas/Missing" })).toMatchObject({ type: "ref" });
    expect(buildSchemaView(doc, { $ref: "other.yaml#/Pet" }).unresolved).toBe("other.yaml#/Pet");
    expect(buildSchemaView(doc, { $ref: "#/components/schemas/Alias" }).children?.[0]?.name).toBe("label");
    expect(buildSchemaView(doc, { $ref: "#/components/schemas/a~1b" }).type).toBe("string");
  });

  it("merges allOf parts and lists oneOf variants", () => {
    const dog = buildSchemaView(doc, { $ref: "#/components/schemas/Dog" });
    expect(dog.children?.map((c) => c.name)).toEqual(["label", "bark"]);
    expect(child(dog, "bark").required).toBe(true);
    const shape = buildSchemaView(doc, { $ref: "#/components/schemas/Shape" });
    expect(shape.type).toBe("oneOf");
    expect(shape.children?.map((c) => c.type)).toEqual(["object", "string"]);
  });

  it("bounds depth and the number of nodes", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 50; i++) deep = { type: "object", properties: { inner: deep } };
    let node = buildSchemaView({}, deep, { maxDepth: 5, maxNodes: 1000 });
    let levels = 0;
    while (node.children?.[0]) {
      node = node.children[0];
      levels++;
    }
    expect(levels).toBe(5);
    expect(node.truncated).toBe(true);

    const wide = {
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: "string" }])),
    };
    const view = buildSchemaView({}, wide, { maxDepth: 10, maxNodes: 100 });
    expect(view.children?.length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(view).length).toBeLessThan(10_000);
  });

  it("a ref web that fans out stays within the node budget", () => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 30; i++) {
      schemas[`N${i}`] = {
        type: "object",
        properties: Object.fromEntries(
          Array.from({ length: 30 }, (_, j) => [`to${j}`, { $ref: `#/components/schemas/N${j}` }]),
        ),
      };
    }
    const view = buildSchemaView({ components: { schemas } }, { $ref: "#/components/schemas/N0" });
    let count = 0;
    const walk = (n: SchemaNode) => {
      count++;
      for (const c of n.children ?? []) walk(c);
    };
    walk(view);
    expect(count).toBeLessThanOrEqual(600);
  });
});

describe("resolveSchemaRef", () => {
  it("never reads the prototype chain", () => {
    expect(resolveSchemaRef(doc, { $ref: "#/__proto__" }).unresolved).toBe("#/__proto__");
    expect(resolveSchemaRef(doc, { $ref: "#/components/constructor" }).unresolved).toBeDefined();
  });
});

describe("exampleFromSchema", () => {
  it("uses examples and enums, skips read-only fields and terminates on cycles", () => {
    expect(exampleFromSchema(doc, { $ref: "#/components/schemas/Pet" })).toMatchObject({
      name: "Rex",
      status: "available",
    });
    expect(exampleFromSchema(doc, { $ref: "#/components/schemas/Pet" })).not.toHaveProperty("id");
    const self = JSON.stringify(exampleFromSchema(doc, { $ref: "#/components/schemas/Self" }));
    expect(self.length).toBeLessThan(1000);
    expect(exampleFromSchema(doc, { type: "string", format: "email" })).toBe("user@example.com");
  });
});
