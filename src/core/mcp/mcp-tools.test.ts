import { describe, expect, it } from "vitest";
import { baseToolName, buildTools, sanitizeToolName, type ToolSource, uniqueName } from "./mcp-tools";
import { toolRequest } from "./tool-request";

function source(method: string, path: string, operationId: string | null, extra: Partial<ToolSource> = {}): ToolSource {
  return {
    method,
    path,
    operationId,
    summary: null,
    description: null,
    parametersJson: "[]",
    requestBodyJson: null,
    ...extra,
  };
}

describe("tool names", () => {
  it("takes the operationId when usable, else method and path", () => {
    expect(baseToolName("GET", "/pets/{id}", "getPetById")).toBe("getPetById");
    expect(baseToolName("GET", "/pets/{id}", "pets.get by id")).toBe("pets_get_by_id");
    expect(baseToolName("DELETE", "/pets/{id}", null)).toBe("delete_pets_id");
    expect(baseToolName("GET", "/", "")).toBe("get");
    expect(sanitizeToolName("a".repeat(100))).toHaveLength(64);
  });

  it("makes repeated names unique within the limit", () => {
    const taken = new Set<string>();
    expect(uniqueName("list", taken)).toBe("list");
    expect(uniqueName("list", taken)).toBe("list_2");
    const long = "b".repeat(64);
    expect(uniqueName(long, taken)).toBe(long);
    expect(uniqueName(long, taken)).toBe(`${"b".repeat(62)}_2`);
  });
});

describe("buildTools", () => {
  it("leaves hidden operations out and uses the provider's description", () => {
    const tools = buildTools(
      [
        source("GET", "/pets", "listPets", { summary: "List pets", description: "All of them." }),
        source("POST", "/pets", "createPet"),
        source("get", "/pets/{id}", null),
      ],
      {},
      [
        { endpoint: "POST /pets", hidden: true, description: null },
        { endpoint: "GET /pets/{id}", hidden: false, description: "One pet by id." },
      ],
    );
    expect(tools.map((t) => [t.name, t.endpoint, t.description])).toEqual([
      ["listPets", "GET /pets", "List pets\n\nAll of them."],
      ["get_pets_id", "GET /pets/{id}", "One pet by id."],
    ]);
  });
});

describe("toolRequest", () => {
  const [tool] = buildTools(
    [
      source("GET", "/pets/{id}/toys", "toys", {
        parametersJson: JSON.stringify([
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "tag", in: "query", required: false, schema: { type: "array" } },
          { name: "X-Trace", in: "header", required: false, schema: { type: "string" } },
        ]),
        requestBodyJson: JSON.stringify({ content: { "application/json": { schema: { type: "object" } } } }),
      }),
    ],
    {},
  );

  it("fills the path (encoded), repeats array query values, passes headers and the JSON body", () => {
    if (!tool) throw new Error("no tool");
    const req = toolRequest(tool, { id: "a/b c", tag: ["x", "y"], "X-Trace": "t1", body: { n: 1 } });
    expect(req).toEqual({
      method: "GET",
      pathAndQuery: "/pets/a%2Fb%20c/toys?tag=x&tag=y",
      headers: [["X-Trace", "t1"]],
      body: '{"n":1}',
    });
  });

  it("adds the arguments' query to a path key that has a query of its own", () => {
    const [fixed] = buildTools(
      [
        source("GET", "/services?funcs=News&mobile=1", "news", {
          parametersJson: JSON.stringify([{ name: "lang", in: "query", required: false, schema: { type: "string" } }]),
        }),
      ],
      {},
    );
    if (!fixed) throw new Error("no tool");
    expect(toolRequest(fixed, { lang: "en" }).pathAndQuery).toBe("/services?funcs=News&mobile=1&lang=en");
    expect(toolRequest(fixed, {}).pathAndQuery).toBe("/services?funcs=News&mobile=1");
  });

  it("refuses header values with control characters and a missing path argument", () => {
    if (!tool) throw new Error("no tool");
    expect(() => toolRequest(tool, { id: "1", "X-Trace": "a\r\nX-Api-Key: stolen" })).toThrow("not a valid header");
    expect(() => toolRequest(tool, {})).toThrow("Missing path argument");
  });
});
