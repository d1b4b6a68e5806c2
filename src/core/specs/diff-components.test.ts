import { describe, expect, it } from "vitest";
import { type ComparableOperation, diffEndpoints } from "./diff-endpoints";
import { RefComparison, refsIn } from "./ref-changes";

/*
 * Changes made through shared components (decision 081): the operations keep their `$ref`s as stored, and the diff
 * follows them into each version's own document, so a changed component marks every operation using it as changed,
 * breaking or not by the usual rules.
 */

const json = (ref: string) => ({ content: { "application/json": { schema: { $ref: ref } } } });
const PET = "#/components/schemas/Pet";

const operations = (): ComparableOperation[] => [
  {
    method: "GET",
    path: "/pets/{id}",
    summary: "Read",
    parameters: [{ name: "id", in: "path", required: true, schema: { $ref: "#/components/schemas/Id" } }],
    requestBody: null,
    responses: { "200": { description: "ok", ...json(PET) } },
  },
  {
    method: "POST",
    path: "/pets",
    summary: "Create",
    parameters: [],
    requestBody: { required: true, ...json("#/components/schemas/NewPet") },
    responses: { "201": { description: "made", ...json(PET) } },
  },
  {
    method: "GET",
    path: "/health",
    summary: "Health",
    parameters: [],
    requestBody: null,
    responses: { "200": { description: "ok" } },
  },
];

const doc = (schemas: Record<string, unknown>) => ({ openapi: "3.1.0", components: { schemas } });

const baseSchemas = () => ({
  Id: { type: "string" },
  Pet: {
    type: "object",
    required: ["id", "name"],
    properties: { id: { type: "string" }, name: { type: "string" }, tag: { $ref: "#/components/schemas/Tag" } },
  },
  Tag: { type: "object", properties: { label: { type: "string" } } },
  NewPet: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
});

function diffWith(change: (schemas: ReturnType<typeof baseSchemas>) => void) {
  const after = baseSchemas();
  change(after);
  return diffEndpoints(operations(), operations(), { before: doc(baseSchemas()), after: doc(after) });
}

describe("diff through shared components", () => {
  it("finds nothing when the documents' components are the same", () => {
    const diff = diffEndpoints(operations(), operations(), { before: doc(baseSchemas()), after: doc(baseSchemas()) });
    expect(diff).toMatchObject({ changed: [], unchanged: 3, breakingCount: 0 });
  });

  it("a property removed from a response component marks every operation using it as a breaking change", () => {
    const diff = diffWith((s) => {
      delete (s.Pet.properties as Record<string, unknown>).name;
      s.Pet.required = ["id"];
    });
    expect(diff.changed.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /pets/{id}", "POST /pets"]);
    for (const op of diff.changed) {
      expect(op.breaking).toBe(true);
      expect(op.parts).toEqual(["responses"]);
      expect(op.changes.map((c) => c.message)).toContain(
        `Response ${op.method === "GET" ? "200" : "201"}: Property 'name' removed`,
      );
    }
    expect(diff.unchanged).toBe(1);
  });

  it("an optional property added to a response component is a non-breaking change where it is used", () => {
    const diff = diffWith((s) => {
      (s.Pet.properties as Record<string, unknown>).age = { type: "integer" };
    });
    expect(diff.changed).toHaveLength(2);
    expect(diff.changed.every((c) => !c.breaking)).toBe(true);
    expect(diff.changed[0]?.changes.map((c) => c.message)).toEqual(["Response 200: Property 'age' added"]);
    expect(diff.breakingCount).toBe(0);
  });

  it("follows refs inside components: a change two refs deep reaches the operations", () => {
    const diff = diffWith((s) => {
      s.Tag.properties.label = { type: "integer" } as unknown as { type: string };
    });
    expect(diff.changed.map((c) => c.path)).toEqual(["/pets/{id}", "/pets"]);
    expect(diff.changed[0]?.changes).toEqual([
      {
        part: "responses",
        breaking: true,
        message: "Response 200: Type of 'tag.label' changed from string to integer",
      },
    ]);
  });

  it("request components: a new required property breaks senders; a parameter component's type change too", () => {
    const diff = diffWith((s) => {
      s.NewPet.properties = { ...s.NewPet.properties, owner: { type: "string" } } as typeof s.NewPet.properties;
      s.NewPet.required = ["name", "owner"];
      s.Id = { type: "integer" };
    });
    const post = diff.changed.find((c) => c.method === "POST");
    expect(post?.parts).toEqual(["requestBody"]);
    expect(post?.changes).toEqual([
      { part: "requestBody", breaking: true, message: "application/json: Required property 'owner' added" },
    ]);
    const get = diff.changed.find((c) => c.method === "GET");
    expect(get?.parts).toEqual(["parameters"]);
    expect(get?.changes[0]).toMatchObject({ breaking: true, message: expect.stringMatching(/from string to integer/) });
  });

  it("an enum value removed from a request component breaks; added to a response component breaks readers", () => {
    const before = doc({ ...baseSchemas(), Kind: { type: "string", enum: ["cat", "dog"] } });
    const after = doc({ ...baseSchemas(), Kind: { type: "string", enum: ["cat", "bird"] } });
    const op = (side: "requestBody" | "responses"): ComparableOperation => ({
      method: "PUT",
      path: `/kind/${side}`,
      summary: null,
      parameters: [],
      requestBody: side === "requestBody" ? json("#/components/schemas/Kind") : null,
      responses: side === "responses" ? { "200": { description: "ok", ...json("#/components/schemas/Kind") } } : {},
    });
    const diff = diffEndpoints([op("requestBody"), op("responses")], [op("requestBody"), op("responses")], {
      before,
      after,
    });
    const [request, response] = diff.changed;
    expect(request?.changes.find((c) => c.message.includes("removed"))?.breaking).toBe(true);
    expect(request?.changes.find((c) => c.message.includes("added"))?.breaking).toBe(false);
    expect(response?.changes.find((c) => c.message.includes("removed"))?.breaking).toBe(false);
    expect(response?.changes.find((c) => c.message.includes("added"))?.breaking).toBe(true);
  });

  it("a recursive component is compared once per path, not endlessly", () => {
    const node = (extra: Record<string, unknown>) => ({
      type: "object",
      properties: { children: { type: "array", items: { $ref: "#/components/schemas/Node" } }, ...extra },
    });
    const op: ComparableOperation = {
      method: "GET",
      path: "/tree",
      summary: null,
      parameters: [],
      requestBody: null,
      responses: { "200": { description: "ok", ...json("#/components/schemas/Node") } },
    };
    const diff = diffEndpoints([op], [op], {
      before: doc({ Node: node({}) }),
      after: doc({ Node: node({ name: { type: "string" } }) }),
    });
    expect(diff.changed[0]?.changes).toEqual([
      { part: "responses", breaking: false, message: "Response 200: Property 'name' added" },
    ]);
  });

  it("without the documents, refs compare by name as before", () => {
    expect(diffEndpoints(operations(), operations()).changed).toEqual([]);
  });
});

describe("RefComparison", () => {
  it("tells changed, unchanged, missing and cyclic refs apart", () => {
    const cyclic = {
      A: { properties: { b: { $ref: "#/components/schemas/B" } } },
      B: { $ref: "#/components/schemas/A" },
    };
    const refs = new RefComparison(
      doc({ ...cyclic, C: { type: "string" } }),
      doc({ ...cyclic, D: { type: "string" } }),
    );
    expect(refs.changed("#/components/schemas/A")).toBe(false);
    expect(refs.changed("#/components/schemas/C")).toBe(true);
    expect(refs.changed("#/components/schemas/Nope")).toBe(false);
    expect(refsIn({ a: [{ $ref: "#/x" }, { b: { $ref: "#/y" } }], c: { $ref: "other.yaml#/z" } }).sort()).toEqual([
      "#/x",
      "#/y",
    ]);
  });
});
