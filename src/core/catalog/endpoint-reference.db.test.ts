import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi, type TestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { importApiSpec } from "../api-specs/api-specs.service";
import { listApiEndpoints } from "./api-endpoints.service";
import {
  type EndpointDetail,
  getEndpointDetail,
  getEndpointTarget,
  mockEndpointResponse,
} from "./endpoint-detail.service";

const specs = join(import.meta.dirname, "../../../tests/fixtures/specs");
const text = (name: string) => readFileSync(join(specs, name), "utf8");

describeEachDialect("the API reference of an imported 3.1 spec", ({ db }) => {
  let tenantId = "";
  let owner: Viewer;
  let api: TestApi;
  const details = new Map<string, EndpointDetail>();

  beforeAll(async () => {
    tenantId = (await createTestTenant(db())).id;
    const viewer = await getViewer(db(), tenantId, (await createTestUser(db(), tenantId)).id);
    if (!viewer) throw new Error("no viewer");
    owner = viewer;
    api = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const imported = await importApiSpec({ db: db(), tenantId, viewer: owner }, api.id, {
      text: text("reference-3.1.yaml"),
    });
    // Two operations and one webhook: the webhook is counted.
    expect(imported.version.endpointsCount).toBe(3);
    const list = await listApiEndpoints(db(), tenantId, api.id, { offset: 0, limit: 50 }, owner);
    for (const e of list.items) {
      const detail = await getEndpointDetail(db(), tenantId, api, e.id, owner);
      if (detail) details.set(`${detail.method} ${detail.path}`, detail);
    }
  });

  it("documents webhooks like operations, after them", () => {
    expect([...details.keys()]).toEqual(["POST /orders", "GET /orders/{id}", "POST orderPaid"]);
    const hook = details.get("POST orderPaid");
    expect(hook).toMatchObject({ kind: "webhook", summary: "Order paid" });
    expect(hook?.descriptionHtml).toContain("<strong>paid</strong>");
    expect(details.get("POST /orders")?.kind).toBe("operation");
  });

  it("lists the servers of each operation with their variables; the path item's override the document's", () => {
    expect(details.get("POST /orders")?.servers).toEqual([
      {
        url: "https://orders.example.com/{stage}",
        description: null,
        variables: [{ name: "stage", defaultValue: "v1", options: ["v1", "v2"], description: null }],
      },
    ]);
    expect(details.get("GET /orders/{id}")?.servers).toEqual([
      {
        url: "https://{region}.read.example.com/v1",
        description: "Regional read replica",
        variables: [{ name: "region", defaultValue: "eu", options: ["eu", "us"], description: "Where the data lives" }],
      },
      { url: "/local", description: null, variables: [] },
    ]);
    expect(details.get("POST orderPaid")?.servers).toEqual([]);
  });

  it("renders CommonMark descriptions sanitized", () => {
    const html = details.get("POST /orders")?.descriptionHtml ?? "";
    expect(html).toContain("<strong>Authorised</strong>");
    expect(html).toMatch(/<a href="https:\/\/example.com\/guides"[^>]*>guides<\/a>/);
    expect(html).not.toContain("<script");
    expect(details.get("GET /orders/{id}")?.parameters[0]?.descriptionHtml).toContain("<code>id</code>");
    expect(details.get("POST /orders")?.responses[0]?.descriptionHtml).toContain("<strong>created</strong>");
  });

  it("lists every named example, resolving refs to shared examples", () => {
    const media = details.get("POST /orders")?.requestBody?.media[0];
    expect(media?.examples.map((e) => [e.name, e.summary])).toEqual([
      ["small", "A small order"],
      ["bulk", "A bulk order"],
      ["shared", "An order shared between operations"],
    ]);
    expect(JSON.parse(media?.examples[2]?.value ?? "null")).toEqual({
      item: "stapler",
      quantity: 2,
      status: "shipped",
    });
    // A $ref written inside `example` shows the example, not the ref.
    const read = details.get("GET /orders/{id}")?.responses[0]?.media[0];
    expect(JSON.parse(read?.example ?? "null")).toEqual({ item: "stapler", quantity: 2, status: "shipped" });
  });

  it("shows callbacks, links, headers and external docs", () => {
    const create = details.get("POST /orders");
    expect(create?.callbacks).toMatchObject([
      {
        name: "orderShipped",
        expression: "{$request.body#/callbackUrl}",
        method: "POST",
        summary: "Order shipped notice",
      },
    ]);
    expect(create?.responses[0]).toMatchObject({
      status: "201",
      headers: ["Location"],
      links: [{ name: "GetOrder", target: "getOrder", parameters: ["id ← $response.body#/id"] }],
    });
    expect(create?.externalDocs).toEqual({ url: "https://example.com/docs/orders", description: "Order guide" });
  });

  it("shows 3.1 const variants and type arrays instead of any", () => {
    const schema = details.get("POST /orders")?.requestBody?.media[0]?.schema;
    const status = schema?.children?.find((c) => c.name === "status");
    expect(status?.children?.map((c) => [c.type, c.const])).toEqual([
      ["string", '"placed"'],
      ["string", '"shipped"'],
      ["string", '"delivered"'],
    ]);
    const note = schema?.children?.find((c) => c.name === "note");
    expect(note).toMatchObject({ type: "string", nullable: true });
  });

  it("mocks a response with its required read-only fields and without write-only ones", async () => {
    const create = details.get("POST /orders");
    if (!create) throw new Error("missing");
    const target = await getEndpointTarget(db(), tenantId, api, create.id, owner);
    if (!target) throw new Error("no target");
    const answer = await mockEndpointResponse(db(), tenantId, target);
    expect(answer.status).toBe(201);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(body).toMatchObject({ id: "00000000-0000-4000-8000-000000000000", item: "string", status: "placed" });
    expect(body).not.toHaveProperty("secret");
    // The request example generated for the try-it editor leaves the read-only id out.
    expect(create.requestBody?.media[0]?.examples[0]?.name).toBe("small");
  });

  it("imports a webhooks-only spec as documented (its webhooks counted)", async () => {
    const hooks = await createTestApi(db(), tenantId, { owner_id: owner.id });
    const imported = await importApiSpec({ db: db(), tenantId, viewer: owner }, hooks.id, {
      text: text("webhooks-only-3.1.yaml"),
    });
    expect(imported.version.endpointsCount).toBe(2);
  });
});
