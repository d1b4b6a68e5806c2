import { beforeEach, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi, type TestApi } from "../../../tests/factories/apis";
import { createTestCollection } from "../../../tests/factories/collections";
import { createTestTenant } from "../../../tests/factories/tenants";
import { createTestUser } from "../../../tests/factories/users";
import { userContext } from "../../../tests/factories/viewers";
import type { Db } from "../../db/connection";
import { recomputeAllApiPricing } from "../../db/migrations/032-api-pricing-from-plans";
import type { PricingType } from "../../db/schema";
import { ensureDemoApis } from "../../db/seed/demo/demo-apis";
import { searchBackendFor } from "../../infra/search/search-backends";
import { getApiDetail, getHubAggregates, listApis } from "../catalog/catalog.service";
import { compareApis } from "../catalog/compare.service";
import { invalidateTenantAggregates } from "../catalog/tenant-aggregate-cache";
import { searchApis } from "../search/search.service";
import { derivePricingType } from "./api-pricing";
import { selectPricingFacts } from "./api-pricing.queries";
import { createPlan, updatePlan } from "./plans.service";

let T = "";
let tenants = 0;
const TYPES: PricingType[] = ["FREE", "FREEMIUM", "PAID"];
const HUB = { collections: 4, perCollection: 10 };

/** The pricing type every reader reports for the API, and which pricing filters of search find it. */
async function everywhere(db: Db, api: TestApi) {
  const ref = `${api.ownerUsername}/${api.slug}`;
  const detail = await getApiDetail(db, T, api.ownerUsername, api.slug);
  const cards = await listApis(db, T, { offset: 0, limit: 50 });
  const hub = await getHubAggregates(db, T, HUB);
  const compared = await compareApis({ db, tenantId: T, viewer: null }, [ref]);
  const search = await searchApis(db, T, { term: api.name, offset: 0, limit: 10 }, searchBackendFor(db));
  const foundBy: PricingType[] = [];
  for (const type of TYPES) {
    const filtered = await searchApis(db, T, { pricingTypes: [type], offset: 0, limit: 50 }, searchBackendFor(db));
    if (filtered.items.some((i) => i.id === api.id)) foundBy.push(type);
  }
  return {
    detail: detail?.pricingType,
    card: cards.items.find((c) => c.id === api.id)?.pricingType,
    hub: hub.carousel.flatMap((c) => c.apis).find((c) => c.id === api.id)?.pricingType,
    compare: compared.items[0]?.pricingType,
    search: search.items.find((i) => i.id === api.id)?.pricingType,
    foundBy,
  };
}

function same(type: PricingType) {
  return { detail: type, card: type, hub: type, compare: type, search: type, foundBy: [type] };
}

describeEachDialect("an API's pricing type follows its public plans", ({ db }) => {
  let providerId: string;

  // A tenant per test: the hub carousel shows the tenant's first collections only.
  beforeEach(async () => {
    tenants += 1;
    T = `pricing-${tenants}`;
    await createTestTenant(db(), { id: T });
    providerId = (await createTestUser(db(), T, { username: "pricing-owner" })).id;
  });

  async function newApi(name: string, pricing: PricingType = "FREE"): Promise<TestApi> {
    const api = await createTestApi(db(), T, {
      owner_id: providerId,
      name,
      slug: name.toLowerCase(),
      pricing_type: pricing,
    });
    await createTestCollection(db(), T, { apiIds: [api.id] });
    // The factories write rows directly, past the services that drop the hub's cached aggregates.
    invalidateTenantAggregates(db(), T);
    return api;
  }

  it("PAID with $10 and $50 plans, FREEMIUM once a free plan is added, FREE when the paid ones are hidden", async () => {
    const api = await newApi("Quotesmith");
    // Read once first, so the hub's cached cards exist and must be dropped by the plan writes.
    expect(await everywhere(db(), api)).toEqual(same("FREE"));

    const ten = await createPlan(await userContext(db(), T, providerId), api.id, {
      name: "Starter",
      monthlyPriceCents: 1000,
    });
    const fifty = await createPlan(await userContext(db(), T, providerId), api.id, {
      name: "Pro",
      monthlyPriceCents: 5000,
    });
    expect(await everywhere(db(), api)).toEqual(same("PAID"));

    await createPlan(await userContext(db(), T, providerId), api.id, { name: "Basic", monthlyPriceCents: 0 });
    expect(await everywhere(db(), api)).toEqual(same("FREEMIUM"));

    await updatePlan(await userContext(db(), T, providerId), ten.id, { private: true });
    await updatePlan(await userContext(db(), T, providerId), fifty.id, { deprecated: true });
    expect(await everywhere(db(), api)).toEqual(same("FREE"));

    // A price change on a public plan counts too.
    await updatePlan(await userContext(db(), T, providerId), ten.id, { private: false, monthlyPriceCents: 0 });
    expect(await everywhere(db(), api)).toEqual(same("FREE"));
  });

  it("counts a $0 plan with overage beyond its quota as free to start and paid beyond it", async () => {
    const api = await newApi("Meterly");
    const metered = await createPlan(await userContext(db(), T, providerId), api.id, {
      name: "Pay as you go",
      monthlyPriceCents: 0,
      quota: 1000,
      hardLimit: false,
      overagePriceMicros: 400,
    });
    expect((await everywhere(db(), api)).detail).toBe("FREEMIUM");
    // With a hard limit the overage price is never charged.
    await updatePlan(await userContext(db(), T, providerId), metered.id, { hardLimit: true });
    expect((await everywhere(db(), api)).detail).toBe("FREE");
  });

  it("keeps the declared type while there are no plans; with only private plans it is FREE", async () => {
    const api = await newApi("Listedpaid", "PAID");
    expect(await everywhere(db(), api)).toEqual(same("PAID"));
    await createPlan(await userContext(db(), T, providerId), api.id, {
      name: "Custom",
      private: true,
      monthlyPriceCents: 90000,
    });
    expect(await everywhere(db(), api)).toEqual(same("FREE"));
  });

  it("migration 032 recomputes stored types with the same rule as the plan writes", async () => {
    const shapes: Array<{ name: string; plans: Array<Parameters<typeof createPlan>[2]> }> = [
      { name: "Mig-none", plans: [] },
      { name: "Mig-paid", plans: [{ name: "A", monthlyPriceCents: 1000 }] },
      { name: "Mig-mixed", plans: [{ name: "A", monthlyPriceCents: 1000 }, { name: "B" }] },
      { name: "Mig-hidden", plans: [{ name: "A", monthlyPriceCents: 1000, private: true }, { name: "B" }] },
      { name: "Mig-old", plans: [{ name: "A", monthlyPriceCents: 1000, deprecated: true }] },
      {
        name: "Mig-metered",
        plans: [{ name: "A", quota: 10, hardLimit: false, overagePriceMicros: 5 }],
      },
    ];
    const apis: TestApi[] = [];
    for (const shape of shapes) {
      const api = await newApi(shape.name, "PAID");
      for (const plan of shape.plans) await createPlan(await userContext(db(), T, providerId), api.id, plan);
      apis.push(api);
    }
    const expected = ["PAID", "PAID", "FREEMIUM", "FREE", "FREE", "FREEMIUM"];
    const stored = async () => {
      const rows = await db()
        .kysely.selectFrom("apis")
        .select(["id", "pricing_type"])
        .where("tenant_id", "=", T)
        .execute();
      return apis.map((a) => rows.find((r) => r.id === a.id)?.pricing_type);
    };
    expect(await stored()).toEqual(expected);
    // As the old code left them: the declared label whatever the plans.
    await db()
      .kysely.updateTable("apis")
      .set({ pricing_type: "PAID" })
      .where(
        "id",
        "in",
        apis.map((a) => a.id),
      )
      .execute();
    await recomputeAllApiPricing(db().kysely);
    expect(await stored()).toEqual(expected);
    for (const api of apis) {
      const facts = await selectPricingFacts(db(), T, api.id);
      if (!facts) throw new Error("API missing");
      expect(derivePricingType(facts.plans, "PAID")).toBe(facts.pricingType);
    }
  });

  it("derives the built-in demo APIs' type from their plans (a free Basic and a paid plan: FREEMIUM)", async () => {
    expect(await ensureDemoApis(db(), T)).toEqual(["portico-echo", "portico-geo"]);
    const rows = await db()
      .kysely.selectFrom("apis")
      .select(["slug", "pricing_type"])
      .where("tenant_id", "=", T)
      .orderBy("slug")
      .execute();
    expect(rows).toEqual([
      { slug: "portico-echo", pricing_type: "FREEMIUM" },
      { slug: "portico-geo", pricing_type: "FREEMIUM" },
    ]);
  });
});
