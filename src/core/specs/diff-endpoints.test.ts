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
    expect(diff.changed).toEqual([
      { method: "GET", path: "/pets", summary: "List all pets", parts: ["summary"] },
      { method: "POST", path: "/pets", summary: null, parts: ["requestBody", "responses"] },
    ]);
    // Same parameter with its keys in another order is not a change.
    expect(diff.unchanged).toBe(1);
  });

  it("treats a first import as all added and matches methods case-insensitively", () => {
    expect(diffEndpoints([], [op("get", "/a")]).added).toEqual([{ method: "GET", path: "/a", summary: null }]);
    const same = diffEndpoints([op("get", "/a")], [op("GET", "/a")]);
    expect(same).toEqual({ added: [], removed: [], changed: [], unchanged: 1 });
  });

  it("counts a reordered parameter list as a change", () => {
    const a = op("GET", "/a", { parameters: [{ name: "x" }, { name: "y" }] });
    const b = op("GET", "/a", { parameters: [{ name: "y" }, { name: "x" }] });
    expect(diffEndpoints([a], [b]).changed[0]?.parts).toEqual(["parameters"]);
  });

  it("canonicalJson sorts keys at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });
});
