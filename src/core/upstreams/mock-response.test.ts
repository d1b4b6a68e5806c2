import { describe, expect, it } from "vitest";
import { GEO_SPEC } from "../../db/seed/demo/demo-specs";
import { mockResponse, sampleFromSchema } from "./mock-response";

const doc = JSON.parse(JSON.stringify(GEO_SPEC)) as Record<string, unknown>;

describe("mock mode responses", () => {
  it("answers the example when there is one", () => {
    const r = mockResponse(doc, GEO_SPEC.paths["/distance"].get.responses);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ from: "par", to: "tyo", kilometres: 9714 });
  });

  it("generates from the schema, following $refs", () => {
    const r = mockResponse(doc, GEO_SPEC.paths["/cities/{id}"].get.responses);
    const body = JSON.parse(r.body) as Record<string, unknown>;
    expect(body.name).toBe("Paris");
    expect(body.population).toBe(2102000);
    const list = JSON.parse(mockResponse(doc, GEO_SPEC.paths["/cities"].get.responses).body) as { cities: unknown[] };
    expect(list.cities[0]).toMatchObject({ id: "par" });
  });

  it("survives cyclic schemas", () => {
    const cyclic = {
      components: {
        schemas: { Node: { type: "object", properties: { next: { $ref: "#/components/schemas/Node" } } } },
      },
    };
    expect(() => sampleFromSchema(cyclic, { $ref: "#/components/schemas/Node" })).not.toThrow();
  });

  it("answers 204 when no success response is documented", () => {
    expect(mockResponse(doc, { "404": { description: "no" } }).status).toBe(204);
  });
});
