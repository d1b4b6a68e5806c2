import { describe, expect, it } from "vitest";
import { type ComparableOperation, canonicalJson, diffEndpoints } from "./diff-endpoints";

const op = (method: string, path: string, extra: Partial<ComparableOperation> = {}): ComparableOperation => ({
  method,
  path,
  summary: null,
  parameters: [],
  requestBody: null,
  responses: { "200": { description: "ok" } },
  ...extra,
});

describe("diffEndpoints", () => {
  it("reports added, removed, changed (with the parts) and unchanged operations", () => {
    const before = [
      op("GET", "/pets", { summary: "List" }),
      op("POST", "/pets"),
      op("DELETE", "/pets/{id}"),
      op("GET", "/pets/{id}", { parameters: [{ name: "id", in: "path" }] }),
    ];
    const after = [
      op("GET", "/pets", { summary: "List all pets" }),
      op("POST", "/pets", { requestBody: { content: {} }, responses: { "201": { description: "made" } } }),
      op("GET", "/pets/{id}", { parameters: [{ in: "path", name: "id" }] }),
      op("PUT", "/pets/{id}"),
    ];
    const diff = diffEndpoints(before, after);
    expect(diff.added).toEqual([{ method: "PUT", path: "/pets/{id}", summary: null }]);
    expect(diff.removed).toEqual([{ method: "DELETE", path: "/pets/{id}", summary: null }]);
    expect(diff.changed.map(({ method, path, summary, parts }) => ({ method, path, summary, parts }))).toEqual([
      { method: "GET", path: "/pets", summary: "List all pets", parts: ["summary"] },
      { method: "POST", path: "/pets", summary: null, parts: ["requestBody", "responses"] },
    ]);
    // The removed operation and the removed 200 response of POST /pets break clients.
    expect(diff.breakingCount).toBe(2);
    // Same parameter with its keys in another order is not a change.
    expect(diff.unchanged).toBe(1);
  });

  it("treats a first import as all added and matches methods case-insensitively", () => {
    expect(diffEndpoints([], [op("get", "/a")]).added).toEqual([{ method: "GET", path: "/a", summary: null }]);
    const same = diffEndpoints([op("get", "/a")], [op("GET", "/a")]);
    expect(same).toEqual({ added: [], removed: [], changed: [], unchanged: 1, breakingCount: 0 });
  });

  it("counts a reordered parameter list as a change", () => {
    const a = op("GET", "/a", { parameters: [{ name: "x" }, { name: "y" }] });
    const b = op("GET", "/a", { parameters: [{ name: "y" }, { name: "x" }] });
    expect(diffEndpoints([a], [b]).changed[0]?.parts).toEqual(["parameters"]);
  });

  it("classifies parameter changes after the usual OpenAPI rules", () => {
    const p = (name: string, required: boolean, schema: unknown = { type: "string" }) => ({
      name,
      in: "query",
      required,
      schema,
    });
    const before = op("GET", "/a", {
      parameters: [p("gone", false), p("loose", false), p("strict", true), p("n", false)],
    });
    const after = op("GET", "/a", {
      parameters: [
        p("loose", true),
        p("strict", false),
        p("n", false, { type: "integer" }),
        p("extra", false),
        p("must", true),
      ],
    });
    const changes = diffEndpoints([before], [after]).changed[0]?.changes ?? [];
    expect(changes.map((c) => [c.message, c.breaking])).toEqual([
      ["Query parameter 'loose' became required", true],
      ["Query parameter 'strict' became optional", false],
      ["Type of 'query parameter n' changed from string to integer", true],
      ["Optional query parameter 'extra' added", false],
      ["Required query parameter 'must' added", true],
      ["Query parameter 'gone' removed", true],
    ]);
  });

  it("breaks on a response promising less and a request demanding more, not the other way round", () => {
    const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
    const book = (props: Record<string, unknown>, required: string[]) => ({
      type: "object",
      properties: props,
      required,
    });
    const before = op("POST", "/books", {
      requestBody: json(book({ title: { type: "string" } }, ["title"])),
      responses: {
        "200": json(
          book({ id: { type: "string" }, title: { type: "string" }, tags: { type: "array" } }, ["id", "title"]),
        ),
        "404": { description: "missing" },
      },
    });
    const after = op("POST", "/books", {
      requestBody: json(
        book({ title: { type: "string" }, isbn: { type: "string" }, note: { type: "string" } }, ["title", "isbn"]),
      ),
      responses: {
        "200": json(book({ id: { type: "integer" }, title: { type: "string" }, year: { type: "integer" } }, ["id"])),
        "201": { description: "made" },
      },
    });
    const diff = diffEndpoints([before], [after]);
    const changes = diff.changed[0]?.changes ?? [];
    expect(changes.map((c) => [c.message, c.breaking])).toEqual([
      ["application/json: Required property 'isbn' added", true],
      ["application/json: Property 'note' added", false],
      ["Response 200: Property 'year' added", false],
      ["Response 200: Type of 'id' changed from string to integer", true],
      ["Response 200: Property 'title' is no longer always returned", true],
      ["Response 200: Property 'tags' removed", true],
      ["Response 404 removed", false],
      ["Response 201 added", false],
    ]);
    expect(diff.changed[0]?.breaking).toBe(true);
    expect(diff.breakingCount).toBe(4);
  });

  it("canonicalJson sorts keys at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });
});
