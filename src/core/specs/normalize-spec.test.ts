import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { normalizeParsedSpec, normalizeSpec } from "./normalize-spec";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/specs/${name}`, import.meta.url), "utf8");

describe("normalizeSpec on Swagger 2.0", () => {
  it("converts to OpenAPI 3 and reads title, servers and APIs.guru metadata", async () => {
    const spec = await normalizeSpec(fixture("petstore-swagger-2.0.json"));
    expect(spec.sourceFormat).toBe("swagger-2.0");
    expect(spec.title).toBe("Petstore (Swagger 2.0)");
    expect(spec.version).toBe("1.2.0");
    expect(spec.description).toBe("A small Swagger 2.0 fixture written for the normalizer tests.");
    expect(spec.servers).toEqual(["https://api.example.com/v1"]);
    expect(spec.meta).toEqual({
      categories: ["ecommerce", "open_data"],
      logo: "https://example.com/logo.png",
      providerName: "example.com",
      serviceName: "petstore",
      origin: "https://example.com/swagger.json",
    });
    expect(String(spec.document.openapi)).toMatch(/^3\.0\./);
    expect(spec.document.swagger).toBeUndefined();
  });

  it("lists endpoints in document order with merged, resolved parameters", async () => {
    const spec = await normalizeSpec(fixture("petstore-swagger-2.0.json"));
    expect(spec.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      "GET /pets",
      "POST /pets",
      "GET /pets/{petId}",
      "DELETE /pets/{petId}",
    ]);
    const [list, create, get, remove] = spec.endpoints;
    expect(list?.parameters).toEqual([
      {
        name: "limit",
        in: "query",
        required: false,
        description: "How many pets to return",
        schema: { type: "integer" },
      },
    ]);
    expect(list?.tags).toEqual(["pets"]);
    expect(list?.summary).toBe("List pets");
    expect(get?.parameters.map((p) => [p.name, p.description, p.required])).toEqual([
      ["petId", "path level", true],
      ["verbose", "operation level", false],
    ]);
    expect(get?.description).toBe("Fetch one pet");
    expect(get?.responses["404"]).toMatchObject({ description: "No such pet" });
    expect(remove?.parameters.map((p) => p.name)).toEqual(["petId", "verbose"]);
    // The body parameter becomes a requestBody whose schema keeps its internal $ref.
    expect(create?.requestBody).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
    });
    expect(create?.security).toEqual([]);
    expect(list?.security).toEqual([{ apiKey: [] }]);
    expect(list?.requestBody).toBeNull();
  });

  it("keeps cyclic schemas as $refs so the document stays serializable", async () => {
    const spec = await normalizeSpec(fixture("petstore-swagger-2.0.json"));
    const text = JSON.stringify(spec.document);
    expect(text).toContain('"$ref":"#/components/schemas/Node"');
    expect(JSON.parse(text)).toEqual(spec.document);
  });

  it("accepts YAML with an unquoted `swagger: 2.0`", async () => {
    const spec = await normalizeSpec(
      "swagger: 2.0\ninfo: {title: T, version: 1}\npaths:\n  /a:\n    get:\n      responses: {200: {description: ok}}\n",
    );
    expect(spec.sourceFormat).toBe("swagger-2.0");
    expect(spec.version).toBe("1");
    expect(spec.servers).toEqual([]);
    expect(spec.endpoints[0]?.responses).toEqual({ "200": { description: "ok" } });
  });
});

describe("normalizeSpec on OpenAPI 3.x", () => {
  it("reads an OpenAPI 3.0 YAML document with anchors and component refs", async () => {
    const spec = await normalizeSpec(fixture("petstore-openapi-3.0.yaml"));
    expect(spec.sourceFormat).toBe("openapi-3.0.3");
    expect(spec.title).toBe("Petstore (OpenAPI 3.0)");
    expect(spec.servers).toEqual(["https://eu.example.com/v2"]);
    expect(spec.meta.categories).toEqual(["ecommerce"]);
    expect(spec.meta.logo).toBeNull();
    const [get, put] = spec.endpoints;
    expect(get?.parameters).toEqual([
      { name: "petId", in: "path", required: true, description: null, schema: { type: "string" } },
      { name: "fields", in: "query", required: true, description: "operation level", schema: { type: "string" } },
      { name: "filter", in: "query", required: false, description: null, schema: { type: "object" } },
    ]);
    expect(get?.tags).toEqual(["pets", "read"]);
    expect(get?.responses.default).toEqual({ description: "Something went wrong" });
    expect(put?.requestBody).toMatchObject({ required: true, content: { "application/json": {} } });
    expect(put?.responses).toEqual({ "200": { description: "OK" }, "202": { description: "OK" } });
    expect(put?.security).toBeNull();
    // Aliased YAML nodes are copied, not shared, so editing one never changes the other.
    expect(put?.responses["200"]).not.toBe(put?.responses["202"]);
  });

  it("reads an OpenAPI 3.1 document", async () => {
    const spec = await normalizeSpec(fixture("petstore-openapi-3.1.json"));
    expect(spec.sourceFormat).toBe("openapi-3.1.0");
    expect(spec.servers).toEqual(["https://api.example.org"]);
    // Its webhook is listed after the paths' operations, as a webhook named by its key.
    expect(spec.endpoints.map((e) => [e.kind, e.method, e.path])).toEqual([
      ["operation", "GET", "/pets"],
      ...Object.keys(spec.document.webhooks as object).map((name) => ["webhook", "POST", name]),
    ]);
    expect(spec.endpoints).toHaveLength(2);
    expect(spec.endpoints[0]).toMatchObject({ method: "GET", path: "/pets", operationId: "listPets" });
  });

  it("accepts nesting well inside the limit", async () => {
    let schema: unknown = { type: "string" };
    // 95 schemas x 2 levels + the path to them: just under the 200-level limit.
    for (let i = 0; i < 95; i++) schema = { type: "object", properties: { child: schema } };
    const text = JSON.stringify({
      openapi: "3.0.0",
      info: { title: "Deep", version: "1" },
      paths: {},
      components: { schemas: { Deep: schema } },
    });
    const spec = await normalizeSpec(text);
    expect(spec.endpoints).toEqual([]);
  });
});

describe("validating in place", () => {
  it("gives the same document and endpoints as the copying path, for Swagger 2.0 and OpenAPI 3", async () => {
    for (const name of ["petstore-swagger-2.0.json", "petstore-openapi-3.1.json"]) {
      const text = fixture(name);
      const inPlace = await normalizeSpec(text);
      const copied = await normalizeParsedSpec(JSON.parse(text) as unknown, text, { owned: false });
      expect(inPlace.document, name).toEqual(copied.document);
      expect(inPlace.endpoints, name).toEqual(copied.endpoints);
      expect(JSON.stringify(inPlace.document), name).toBe(JSON.stringify(copied.document));
    }
  });

  it("still names the first bad use of a broken $ref however often refs repeat", async () => {
    const doc = {
      openapi: "3.0.3",
      info: { title: "Refs", version: "1" },
      paths: {
        "/a": { get: { responses: { "200": { $ref: "#/components/responses/Ok" } } } },
        "/b": { get: { responses: { "200": { $ref: "#/components/responses/Missing" } } } },
        "/c": { get: { responses: { "200": { $ref: "#/components/responses/Missing" } } } },
      },
      components: { responses: { Ok: { description: "ok" } } },
    };
    await expect(normalizeSpec(JSON.stringify(doc))).rejects.toMatchObject({
      message: expect.stringContaining("Broken $ref"),
      details: { where: "/paths/~1b/get/responses/200/$ref" },
    });
  });
});

describe("OpenAPI 3.1 documents without paths", () => {
  const info = { title: "Hooks", version: "1" };

  it("imports a webhooks-only spec with its webhooks as endpoints, a components-only one with none", async () => {
    const hooks = await normalizeSpec(
      JSON.stringify({
        openapi: "3.1.0",
        info,
        webhooks: { newPet: { post: { responses: { "200": { description: "ok" } } } } },
      }),
    );
    expect(hooks.sourceFormat).toBe("openapi-3.1.0");
    expect(hooks.endpoints).toMatchObject([{ kind: "webhook", method: "POST", path: "newPet" }]);
    const components = await normalizeSpec(
      JSON.stringify({ openapi: "3.1.0", info, components: { schemas: { A: {} } } }),
    );
    expect(components.endpoints).toEqual([]);
  });

  it("still needs paths in 3.0, and one of paths, components or webhooks in 3.1", async () => {
    await expect(normalizeSpec(JSON.stringify({ openapi: "3.0.3", info }))).rejects.toMatchObject({
      message: 'Spec has no "paths" object',
      details: { where: "/paths" },
    });
    await expect(normalizeSpec(JSON.stringify({ openapi: "3.1.0", info }))).rejects.toMatchObject({
      message: 'An OpenAPI 3.1 spec needs "paths", "components" or "webhooks"',
    });
    await expect(normalizeSpec(JSON.stringify({ openapi: "3.1.0", info, webhooks: [] }))).rejects.toMatchObject({
      details: { where: "/webhooks" },
    });
  });
});
