import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi, type TestApi } from "../../../tests/factories/apis";
import { createTestTenant } from "../../../tests/factories/tenants";
import { inviteToApi } from "../access/private-apis.service";
import { createUser, getViewer } from "../accounts/accounts.service";
import type { Viewer } from "../accounts/accounts.types";
import { isAppError } from "../errors/app-error";
import { createPlan } from "../plans/plans.service";
import { compareApis, parseApiRef, parseCompareParam, TOO_MANY_TO_COMPARE } from "./compare.service";

describe("compare refs", () => {
  it("parses owner/slug and the shareable URL parameter", () => {
    expect(parseApiRef("tvmaze-com/tvmaze-user")).toEqual({ ownerUsername: "tvmaze-com", slug: "tvmaze-user" });
    expect(parseApiRef("Some_User/api-1")).toEqual({ ownerUsername: "Some_User", slug: "api-1" });
    for (const bad of ["", "x", "a/b/c", "a/B", "../x", "a/<script>", "a/ b"]) expect(parseApiRef(bad)).toBeNull();
    expect(parseCompareParam(" a/b , ,c/d,a/b")).toEqual(["a/b", "c/d"]);
    expect(parseCompareParam(null)).toEqual([]);
  });
});

describeEachDialect("compareApis", ({ db }) => {
  const A = "cmp-a";
  const B = "cmp-b";
  let owner: Viewer;
  let invited: Viewer;
  let stranger: Viewer;
  let rest: TestApi;
  let secret: TestApi;
  let foreign: TestApi;

  async function viewer(tenantId: string, username: string): Promise<Viewer> {
    const row = await createUser(db(), tenantId, { username, email: `${username}@example.test` });
    const v = await getViewer(db(), tenantId, row.id);
    if (!v) throw new Error("viewer missing");
    return v;
  }

  beforeAll(async () => {
    await createTestTenant(db(), { id: A });
    await createTestTenant(db(), { id: B });
    owner = await viewer(A, "cmp-owner");
    invited = await viewer(A, "cmp-invited");
    stranger = await viewer(A, "cmp-stranger");
    rest = await createTestApi(db(), A, {
      owner_id: owner.id,
      slug: "weather",
      name: "Weather",
      pricing_type: "FREEMIUM",
      auth_type: "apiKey",
      popularity: 8.5,
      latency_ms: 120,
      service_level: 99,
      rating_avg: 4.5,
      rating_votes: 10,
      followers_count: 42,
      updated_at: 1_700_000_000_000,
      endpoints: [
        { method: "GET", path: "/forecast" },
        { method: "GET", path: "/cities/{id}" },
      ],
    });
    await createTestApi(db(), A, {
      owner_id: owner.id,
      slug: "graph",
      name: "Graph",
      endpoints: [
        { method: "POST", path: "/graphql" },
        { method: "GET", path: "/status" },
      ],
    });
    secret = await createTestApi(db(), A, { owner_id: owner.id, slug: "secret", visibility: "PRIVATE" });
    const foreignOwner = await viewer(B, "cmp-owner");
    foreign = await createTestApi(db(), B, { owner_id: foreignOwner.id, slug: "weather", pricing_type: "PAID" });
    await inviteToApi(
      { db: db(), tenantId: A, viewer: owner },
      { apiId: secret.id, principalType: "USER", username: "cmp-invited" },
    );
    await createPlan({ db: db(), tenantId: A, viewer: owner }, rest.id, {
      name: "Pro",
      monthlyPriceCents: 2500,
      rateLimit: { count: 100, unit: "second" },
      quota: 100000,
      quotaPeriod: "month",
    });
    await createPlan({ db: db(), tenantId: A, viewer: owner }, rest.id, {
      name: "Basic",
      monthlyPriceCents: 0,
      rateLimit: { count: 1, unit: "second" },
      quota: 1000,
      quotaPeriod: "day",
    });
    await createPlan({ db: db(), tenantId: A, viewer: owner }, rest.id, {
      name: "Hidden",
      private: true,
      monthlyPriceCents: 0,
    });
    await createPlan({ db: db(), tenantId: A, viewer: owner }, rest.id, {
      name: "Old",
      deprecated: true,
      monthlyPriceCents: 0,
    });
  });

  it("puts the APIs side by side in the order asked, with plans, limits, endpoints and protocols", async () => {
    const result = await compareApis({ db: db(), tenantId: A, viewer: null }, ["cmp-owner/graph", "cmp-owner/weather"]);
    expect(result.problems).toEqual([]);
    expect(result.items.map((i) => i.ref)).toEqual(["cmp-owner/graph", "cmp-owner/weather"]);
    const [g, w] = result.items;
    expect(w).toMatchObject({
      name: "Weather",
      pricingType: "FREEMIUM",
      authType: "apiKey",
      endpointsCount: 2,
      protocols: ["REST"],
      popularity: 8.5,
      latencyMs: 120,
      serviceLevel: 99,
      rating: 4.5,
      ratingVotes: 10,
      followersCount: 42,
      updatedAt: 1_700_000_000_000,
    });
    expect(w?.plans.map((p) => p.name)).toEqual(["Pro", "Basic"]);
    expect(w?.cheapestPlan).toMatchObject({ name: "Basic", isFree: true, rateLimitText: "one request per second" });
    expect(w?.plans[0]).toMatchObject({ rateLimitText: "100 requests per second", quotaText: "100000 / mo" });
    expect(g?.protocols).toEqual(["REST", "GraphQL"]);
    expect(g?.cheapestPlan).toBeNull();
    expect(g?.plans).toEqual([]);
  });

  it("leaves out popularity, latency, service level and health check when the tenant hides scores", async () => {
    const result = await compareApis({ db: db(), tenantId: A, viewer: null }, ["cmp-owner/weather"], {
      hideScores: true,
    });
    expect(result.items[0]).toMatchObject({
      popularity: null,
      latencyMs: null,
      serviceLevel: null,
      healthCheck: null,
      rating: 4.5,
      followersCount: 42,
    });
  });

  it("reports malformed and unknown refs with a clear message and drops duplicates", async () => {
    const result = await compareApis({ db: db(), tenantId: A, viewer: null }, [
      "cmp-owner/weather",
      "cmp-owner/weather",
      "not a ref",
      "cmp-owner/nope",
    ]);
    expect(result.items.map((i) => i.ref)).toEqual(["cmp-owner/weather"]);
    expect(result.problems).toEqual([
      { ref: "not a ref", message: "“not a ref” is not an API reference (owner/api-slug)" },
      { ref: "cmp-owner/nope", message: "No API found at cmp-owner/nope" },
    ]);
  });

  it("refuses more than four APIs", async () => {
    const refs = ["a/a", "b/b", "c/c", "d/d", "e/e"];
    const error = await compareApis({ db: db(), tenantId: A, viewer: null }, refs).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe("BAD_REQUEST");
    expect(isAppError(error) && error.message).toBe(TOO_MANY_TO_COMPARE);
    await expect(compareApis({ db: db(), tenantId: A, viewer: null }, refs.slice(0, 4))).resolves.toBeDefined();
  });

  it("shows a private API only to those who may see it, and never another tenant's API", async () => {
    const refs = ["cmp-owner/secret", "cmp-owner/weather"];
    for (const v of [null, stranger]) {
      const hidden = await compareApis({ db: db(), tenantId: A, viewer: v }, refs);
      expect(hidden.items.map((i) => i.ref)).toEqual(["cmp-owner/weather"]);
      expect(hidden.problems).toEqual([{ ref: "cmp-owner/secret", message: "No API found at cmp-owner/secret" }]);
    }
    for (const v of [owner, invited]) {
      const shown = await compareApis({ db: db(), tenantId: A, viewer: v }, refs);
      expect(shown.items.map((i) => i.ref)).toEqual(refs);
      expect(shown.items[0]?.visibility).toBe("PRIVATE");
    }
    const other = await compareApis({ db: db(), tenantId: B, viewer: null }, ["cmp-owner/weather"]);
    expect(other.items.map((i) => i.id)).toEqual([foreign.id]);
    expect(other.items[0]?.pricingType).toBe("PAID");
    expect(other.items[0]?.plans).toEqual([]);
  });
});
