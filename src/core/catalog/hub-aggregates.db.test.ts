import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestCollection } from "../../../tests/factories/collections";
import { createTestTenant } from "../../../tests/factories/tenants";
import { getHubAggregates, listHubCarousel } from "./catalog.service";
import { invalidateTenantAggregates } from "./tenant-aggregate-cache";

describeEachDialect("hub aggregates", ({ db }) => {
  const A = "hub-a";
  const B = "hub-b";
  const OPTS = { collections: 4, perCollection: 3 };
  let aIds: string[] = [];

  beforeAll(async () => {
    await createTestTenant(db(), { id: A });
    await createTestTenant(db(), { id: B });
    const cat = await createTestCategory(db(), A, { slug: "tools", name: "Tools" });
    // Eight public members and one private one in the middle: the carousel takes the first three public ones, in order.
    for (let i = 0; i < 9; i++) {
      const api = await createTestApi(db(), A, {
        slug: `api-${i}`,
        name: `API ${i}`,
        category_id: cat.id,
        visibility: i === 1 ? "PRIVATE" : "PUBLIC",
      });
      aIds.push(api.id);
    }
    aIds = aIds.reverse();
    await createTestCollection(db(), A, { slug: "big", name: "Big", position: 0, apiIds: aIds });
    await createTestCollection(db(), A, { slug: "small", name: "Small", position: 1, apiIds: [aIds[8] ?? ""] });
    const catB = await createTestCategory(db(), B, { slug: "tools", name: "Tools B" });
    const b = await createTestApi(db(), B, { slug: "api-0", name: "B API", category_id: catB.id });
    await createTestCollection(db(), B, { slug: "big", name: "Big B", position: 0, apiIds: [b.id] });
  });

  it("trims each collection in SQL to its first public members, in membership order", async () => {
    const hub = await listHubCarousel(db(), A, OPTS);
    expect(hub.map((h) => [h.collection.slug, h.collection.apiCount])).toEqual([
      ["big", 8],
      ["small", 1],
    ]);
    expect(hub[0]?.apis.map((a) => a.slug)).toEqual(["api-8", "api-7", "api-6"]);
    expect(hub[1]?.apis.map((a) => a.slug)).toEqual(["api-0"]);
  });

  it("caches per tenant, never across tenants, until invalidated", async () => {
    invalidateTenantAggregates(db(), A);
    const first = await getHubAggregates(db(), A, OPTS);
    expect(first.stats.apiCount).toBe(8);
    expect(first.categories.map((c) => [c.slug, c.apiCount])).toEqual([["tools", 8]]);
    const b = await getHubAggregates(db(), B, OPTS);
    expect(b.stats.apiCount).toBe(1);
    expect(b.carousel.map((h) => h.collection.name)).toEqual(["Big B"]);
    expect(b.categories.map((c) => c.name)).toEqual(["Tools B"]);

    await createTestApi(db(), A, { slug: "late", name: "Late" });
    expect((await getHubAggregates(db(), A, OPTS)).stats.apiCount).toBe(8);
    invalidateTenantAggregates(db(), A);
    expect((await getHubAggregates(db(), A, OPTS)).stats.apiCount).toBe(9);
  });
});
