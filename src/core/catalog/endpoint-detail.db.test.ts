import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi, type TestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { getEndpointDetail, getEndpointTarget, mockEndpointResponse } from "./endpoint-detail.service";

const DOC = {
  openapi: "3.0.3",
  components: {
    schemas: {
      Node: {
        type: "object",
        required: ["id"],
        properties: {
          id: { type: "string", example: "n1" },
          kind: { type: "string", enum: ["leaf", "branch"] },
          children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
        },
      },
    },
  },
};

describeEachDialect("endpoint detail and try-it target", ({ db }) => {
  const T = "epd-t";
  let owner: Viewer;
  let stranger: Viewer;
  let api: TestApi;
  let hidden: TestApi;
  let endpointId: string;

  beforeAll(async () => {
    await createTestTenant(db(), { id: T });
    const row = await createUser(db(), T, { username: "epd-owner", email: "epd-owner@example.test" });
    const other = await createUser(db(), T, { username: "epd-stranger", email: "epd-stranger@example.test" });
    const o = await getViewer(db(), T, row.id);
    const s = await getViewer(db(), T, other.id);
    if (!o || !s) throw new Error("viewers missing");
    owner = o;
    stranger = s;
    api = await createTestApi(db(), T, {
      owner_id: owner.id,
      slug: "tree",
      endpoints: [
        {
          method: "POST",
          path: "/nodes/{id}",
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              description: "Node id",
              schema: { type: "string", example: "n1" },
            },
            {
              name: "depth",
              in: "query",
              required: false,
              description: null,
              schema: { type: "integer", enum: [1, 2] },
            },
          ],
        },
      ],
    });
    hidden = await createTestApi(db(), T, {
      owner_id: owner.id,
      slug: "hidden",
      visibility: "PRIVATE",
      endpoints: [{ method: "GET", path: "/secret" }],
    });
    const nodeRef = { $ref: "#/components/schemas/Node" };
    await db()
      .kysely.updateTable("api_versions")
      .set({ normalized_doc: JSON.stringify(DOC) })
      .where("id", "=", api.versionId ?? "")
      .execute();
    const endpoint = await db()
      .kysely.selectFrom("api_endpoints")
      .select("id")
      .where("version_id", "=", api.versionId ?? "")
      .executeTakeFirstOrThrow();
    endpointId = endpoint.id;
    await db()
      .kysely.updateTable("api_endpoints")
      .set({
        request_body_json: JSON.stringify({ required: true, content: { "application/json": { schema: nodeRef } } }),
        responses_json: JSON.stringify({
          "201": { description: "Created", content: { "application/json": { schema: nodeRef } } },
          "404": { description: "Not found" },
        }),
        security_json: JSON.stringify([{ apiKey: [] }]),
      })
      .where("id", "=", endpointId)
      .execute();
  });

  it("resolves the stored document's refs into display trees, cycles marked", async () => {
    const detail = await getEndpointDetail(db(), T, { ownerUsername: "epd-owner", slug: "tree" }, endpointId);
    expect(detail).not.toBeNull();
    if (!detail) return;
    expect(detail.parameters.map((p) => [p.name, p.required, p.example, p.options])).toEqual([
      ["id", true, "n1", null],
      ["depth", false, null, ["1", "2"]],
    ]);
    const body = detail.requestBody?.media[0];
    expect(body?.schema?.refName).toBe("Node");
    expect(body?.schema?.children?.map((c) => c.name)).toEqual(["id", "kind", "children"]);
    expect(body?.schema?.children?.[2]?.children?.[0]?.circular).toBe(true);
    expect(JSON.parse(body?.example ?? "null")).toMatchObject({ id: "n1", kind: "leaf" });
    expect(detail.responses.map((r) => [r.status, r.description])).toEqual([
      ["201", "Created"],
      ["404", "Not found"],
    ]);
    expect(detail.security).toEqual(["apiKey"]);
  });

  it("answers mock calls from the schema and describes the try-it target", async () => {
    const target = await getEndpointTarget(db(), T, { ownerUsername: "epd-owner", slug: "tree" }, endpointId);
    expect(target).toMatchObject({ method: "POST", path: "/nodes/{id}", bodyContentTypes: ["application/json"] });
    if (!target) return;
    const mock = await mockEndpointResponse(db(), T, target);
    expect(mock.status).toBe(201);
    expect(JSON.parse(mock.body)).toMatchObject({ id: "n1" });
  });

  it("keeps private APIs, other APIs' endpoints and other tenants out", async () => {
    const hiddenEndpoint = await db()
      .kysely.selectFrom("api_endpoints")
      .select("id")
      .where("version_id", "=", hidden.versionId ?? "")
      .executeTakeFirstOrThrow();
    const ref = { ownerUsername: "epd-owner", slug: "hidden" };
    expect(await getEndpointDetail(db(), T, ref, hiddenEndpoint.id)).toBeNull();
    expect(await getEndpointDetail(db(), T, ref, hiddenEndpoint.id, stranger)).toBeNull();
    expect(await getEndpointTarget(db(), T, ref, hiddenEndpoint.id, stranger)).toBeNull();
    expect(await getEndpointDetail(db(), T, ref, hiddenEndpoint.id, owner)).not.toBeNull();
    // An endpoint id of another API under this API's name is not found.
    expect(
      await getEndpointDetail(db(), T, { ownerUsername: "epd-owner", slug: "tree" }, hiddenEndpoint.id, owner),
    ).toBeNull();
    await createTestTenant(db(), { id: "epd-other" });
    expect(
      await getEndpointDetail(db(), "epd-other", { ownerUsername: "epd-owner", slug: "tree" }, endpointId),
    ).toBeNull();
  });
});
