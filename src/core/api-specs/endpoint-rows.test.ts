import { describe, expect, it } from "vitest";
import type { NormalizedEndpoint } from "../specs/normalize-spec.types";
import { preparedEndpoint } from "../specs/prepared-endpoint";
import { endpointRows } from "./endpoint-rows";

const base: NormalizedEndpoint = {
  kind: "operation",
  method: "GET",
  path: "/cities/{id}",
  operationId: "getCity",
  summary: "One city",
  description: null,
  tags: ["Cities"],
  parameters: [],
  requestBody: null,
  responses: { "200": { description: "ok" } },
  security: null,
};

describe("endpointRows", () => {
  it("numbers the rows in spec order under the given tenant, API and version", () => {
    const rows = endpointRows(
      { tenantId: "t1", apiId: "api_1", versionId: "ver_1" },
      [base, { ...base, method: "post", path: "/cities", requestBody: { content: {} }, security: [{ key: [] }] }].map(
        preparedEndpoint,
      ),
    );
    expect(rows.map((r) => [r.position, r.method, r.path])).toEqual([
      [0, "GET", "/cities/{id}"],
      [1, "POST", "/cities"],
    ]);
    expect(rows.every((r) => r.tenant_id === "t1" && r.api_id === "api_1" && r.version_id === "ver_1")).toBe(true);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);
  });

  it("stores JSON text, and NULL for a missing request body or security", () => {
    const [plain, withBody] = endpointRows(
      { tenantId: "t1", apiId: "a", versionId: "v" },
      [base, { ...base, requestBody: { content: {} }, security: [{ key: [] }] }].map(preparedEndpoint),
    );
    expect(plain).toMatchObject({
      tags_json: '["Cities"]',
      parameters_json: "[]",
      request_body_json: null,
      responses_json: '{"200":{"description":"ok"}}',
      security_json: null,
    });
    expect(withBody).toMatchObject({ request_body_json: '{"content":{}}', security_json: '[{"key":[]}]' });
  });
});
