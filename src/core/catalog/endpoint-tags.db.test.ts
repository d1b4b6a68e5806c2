import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi, type TestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { listApiEndpoints, listApiEndpointTags } from "./api-endpoints.service";

describeEachDialect("endpoint tags", ({ db }) => {
  let tenantId = "";
  let api: TestApi;
  const ALL = { offset: 0, limit: 100 };

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    api = await createTestApi(db(), tenantId, {
      endpoints: [
        { method: "GET", path: "/pets", tags: ["pets"] },
        { method: "POST", path: "/pets", tags: ["pets", "admin"] },
        { method: "GET", path: "/health" },
        { method: "GET", path: "/odd", tags: ['we"ird %_\\ tag'] },
        { method: "GET", path: "/petstore", tags: ["pets store"] },
        { method: "GET", path: "/x", tags: ["pets", "pets"] },
      ],
    });
  });

  it("counts endpoints per tag in order of first use, untagged apart", async () => {
    expect(await listApiEndpointTags(db(), tenantId, api.id)).toEqual({
      tags: [
        { tag: "pets", count: 3 },
        { tag: "admin", count: 1 },
        { tag: 'we"ird %_\\ tag', count: 1 },
        { tag: "pets store", count: 1 },
      ],
      untagged: 1,
    });
  });

  it("filters by one tag exactly (no prefix or LIKE wildcard matches), with the text filter too", async () => {
    const paths = async (tag: string, query?: string) =>
      (await listApiEndpoints(db(), tenantId, api.id, { ...ALL, tag, query })).items.map(
        (e) => `${e.method} ${e.path}`,
      );
    expect(await paths("pets")).toEqual(["GET /pets", "POST /pets", "GET /x"]);
    expect(await paths("admin")).toEqual(["POST /pets"]);
    expect(await paths('we"ird %_\\ tag')).toEqual(["GET /odd"]);
    expect(await paths("pet")).toEqual([]);
    expect(await paths("%")).toEqual([]);
    expect(await paths("pets", "post")).toEqual(["POST /pets"]);
    expect((await listApiEndpoints(db(), tenantId, api.id, { ...ALL, tag: "pets" })).total).toBe(3);
  });
});
